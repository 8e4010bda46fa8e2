// What the connector tests share: a fixed credential key (32 bytes, base64) for the servers they start.
export const TEST_CONNECTOR_KEY = Buffer.alloc(32, 7).toString('base64');
