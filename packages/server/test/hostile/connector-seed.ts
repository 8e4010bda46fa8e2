// The body of a connector the hostile suite creates: disabled, at a port nothing listens on, never synced.

/** A disabled connector at a port nothing listens on: created and changed, never synced. */
export function connectorBody(datasetId: number, name: string) {
  return {
    type: 'zendesk',
    name,
    base_url: 'http://127.0.0.1:9',
    credentials: { email: 'agent@example.com', api_token: 'hostile-token' },
    dataset_id: datasetId,
    field_mapping: { columns: { text: 'description' }, metadata: { priority: 'priority' } },
    interval_seconds: 3600,
    enabled: false,
  };
}
