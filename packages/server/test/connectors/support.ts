// What the connector tests share: a fixed credential key (32 bytes, base64) and the settings of the servers they start.
export const TEST_CONNECTOR_KEY = Buffer.alloc(32, 7).toString('base64');

/** Settings of a server syncing from a stand-in: loopback allowed, short leases so a killed holder's expire soon. */
export const connectorEnv = (): NodeJS.ProcessEnv => ({
  TEXTCLASS_CONNECTOR_KEY: TEST_CONNECTOR_KEY,
  TEXTCLASS_CONNECTOR_ALLOW_PRIVATE: 'true',
  TEXTCLASS_CONNECTOR_LEASE_MS: '2000',
  TEXTCLASS_CONNECTOR_CLASSIFICATION_WAIT_MS: '300000',
  TEXTCLASS_JOB_LEASE_MS: '2000',
  TEXTCLASS_PIPELINE_POLL_MS: '100',
});
