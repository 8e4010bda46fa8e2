// The authorisation matrix as data: every operation of the contract, the least role its description names ("Needs the `…` role."), and its success status.
import type { Role } from '../../src/core/shared/types.js';
import { NOWHERE } from '../testing/nowhere.js';

export const ROLES: readonly Role[] = ['reader', 'member', 'admin'];

/** Ids a request may use; `freshKeyId` makes a new key of the caller's workspace to revoke. */
export interface MatrixContext {
  freshKeyId(): Promise<number>;
  /** A new dataset of the caller's workspace (`ds_<id>`), so an upload never meets one still processing. */
  freshDatasetKey(): Promise<string>;
  /** `/v2/datasets/{key}/uploads/{upload_id}` of a completed upload of a new dataset. */
  freshUploadPath(): Promise<string>;
  /** A new (disabled) webhook endpoint of the caller's workspace, to delete. */
  freshWebhookId(): Promise<number>;
  /** A new (disabled) connector of the caller's workspace, on a new dataset. */
  freshConnectorId(): Promise<number>;
  /** `/v2/webhooks/{id}/deliveries/{delivery_id}/redeliver` of a new delivery. */
  freshRedeliverPath(): Promise<string>;
  /** A new model of the caller's workspace: zero-shot (version 1, undeployed, or deployed), fine-tuned with two examples per label, or trained twice with version 2 served over 1. */
  freshModelId(kind: 'zero-shot' | 'deployed' | 'fine-tuned' | 'trained-twice'): Promise<number>;
  /** `/v2/models/{id}/examples/{example_id}` of an example of a new fine-tuned model. */
  freshExamplePath(): Promise<string>;
  /** `/v2/models/{id}/training-jobs/{job_id}` of a new training job. */
  freshTrainingJobPath(): Promise<string>;
  /** The id of a record of the demo dataset ds_1. */
  demoRecordId(): Promise<string>;
  /** An export file of the demo model 1. */
  exportFile(): Promise<unknown>;
}

export interface MatrixRow {
  operationId: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The contract's path template, for the coverage check. */
  template: string;
  path(ctx: MatrixContext): Promise<string> | string;
  body?: unknown;
  /** A body made for the call (when it needs ids or files of the run). */
  bodyOf?(ctx: MatrixContext): Promise<unknown>;
  /** A body sent as is (not JSON), with its headers. */
  raw?: string;
  headers?: Record<string, string>;
  /** reader < member < admin; null: public (no key needed). */
  least: Role | null;
  success: number;
}

const texts = ['I was charged twice for my subscription'];

export const MATRIX: readonly MatrixRow[] = [
  {
    operationId: 'listModels',
    method: 'GET',
    template: '/v2/models',
    path: () => '/v2/models',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'getModel',
    method: 'GET',
    template: '/v2/models/{model_id}',
    path: () => '/v2/models/1',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'classifyTexts',
    method: 'POST',
    template: '/v2/models/{model_id}/inference',
    path: () => '/v2/models/1/inference',
    body: { texts },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'classifyMultiModelSettings',
    method: 'POST',
    template: '/v2/models/inference',
    path: () => '/v2/models/inference',
    body: { texts, model_settings: [{ model_id: 1 }, { model_id: 2 }] },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'classifyMultiModelIds',
    method: 'POST',
    template: '/v2/multi-model/inference',
    path: () => '/v2/multi-model/inference',
    body: { texts, model_ids: [1, 2] },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'scoreSimilarity',
    method: 'POST',
    template: '/v2/similarity',
    path: () => '/v2/similarity',
    body: { base_texts: { a: 'refund please' }, compare_to_texts: { b: 'give my money back' } },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'createEmbeddings',
    method: 'POST',
    template: '/v2/embeddings',
    path: () => '/v2/embeddings',
    body: { texts: ['refund please'] },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'createOpenAiEmbeddings',
    method: 'POST',
    template: '/v1/embeddings',
    path: () => '/v1/embeddings',
    body: { model: 'default', input: 'refund please' },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'listDatasets',
    method: 'GET',
    template: '/v2/datasets',
    path: () => '/v2/datasets',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'createDataset',
    method: 'POST',
    template: '/v2/datasets',
    path: () => '/v2/datasets',
    body: { name: 'matrix', columns: [{ name: 'text', type: 'text' }], text_column: 'text' },
    least: 'admin',
    success: 201,
  },
  {
    operationId: 'getDataset',
    method: 'GET',
    template: '/v2/datasets/{dataset_id}',
    path: () => '/v2/datasets/ds_1',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'listDatasetRecords',
    method: 'GET',
    template: '/v2/datasets/{dataset_id}/records',
    path: () => '/v2/datasets/ds_1/records',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'pushDatasetRecord',
    method: 'POST',
    template: '/v2/datasets/{dataset_id}/records',
    path: () => '/v2/datasets/ds_1/records',
    body: { text: 'Where is my order?', agent_id: 'a-1' },
    least: 'member',
    success: 201,
  },
  {
    operationId: 'uploadDatasetFile',
    method: 'POST',
    template: '/v2/datasets/{dataset_id}/uploads',
    path: async (ctx) => `/v2/datasets/${await ctx.freshDatasetKey()}/uploads`,
    raw: 'text\nA new row\n',
    headers: { 'Content-Type': 'text/csv' },
    least: 'member',
    success: 202,
  },
  {
    operationId: 'exportDatasetRecords',
    method: 'GET',
    template: '/v2/datasets/{dataset_id}/export',
    path: () => '/v2/datasets/ds_1/export?format=jsonl',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'listDatasetUploads',
    method: 'GET',
    template: '/v2/datasets/{dataset_id}/uploads',
    path: () => '/v2/datasets/ds_1/uploads',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'getDatasetUpload',
    method: 'GET',
    template: '/v2/datasets/{dataset_id}/uploads/{upload_id}',
    path: (ctx) => ctx.freshUploadPath(),
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'addDatasetItems',
    method: 'POST',
    template: '/v2/dataset/{dataset_id}/item',
    path: () => '/v2/dataset/1/item',
    body: { rows: [{ text: 'A new row' }] },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'listOpenAiModels',
    method: 'GET',
    template: '/v1/models',
    path: () => '/v1/models',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'getOpenAiModel',
    method: 'GET',
    template: '/v1/models/{model}',
    path: () => '/v1/models/default',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'getUsage',
    method: 'GET',
    template: '/v2/usage',
    path: () => '/v2/usage',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'getCurrentKey',
    method: 'GET',
    template: '/v2/me',
    path: () => '/v2/me',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'listApiKeys',
    method: 'GET',
    template: '/v2/api-keys',
    path: () => '/v2/api-keys',
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'createApiKey',
    method: 'POST',
    template: '/v2/api-keys',
    path: () => '/v2/api-keys',
    body: { name: 'matrix', role: 'reader' },
    least: 'admin',
    success: 201,
  },
  {
    operationId: 'revokeApiKey',
    method: 'DELETE',
    template: '/v2/api-keys/{key_id}',
    path: async (ctx) => `/v2/api-keys/${await ctx.freshKeyId()}`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'listWebhooks',
    method: 'GET',
    template: '/v2/webhooks',
    path: () => '/v2/webhooks',
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'createWebhook',
    method: 'POST',
    template: '/v2/webhooks',
    path: () => '/v2/webhooks',
    body: { url: `${NOWHERE}/hooks`, events: ['classification.completed'], enabled: false },
    least: 'admin',
    success: 201,
  },
  {
    operationId: 'getWebhook',
    method: 'GET',
    template: '/v2/webhooks/{webhook_id}',
    path: async (ctx) => `/v2/webhooks/${await ctx.freshWebhookId()}`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'updateWebhook',
    method: 'PATCH',
    template: '/v2/webhooks/{webhook_id}',
    path: async (ctx) => `/v2/webhooks/${await ctx.freshWebhookId()}`,
    body: { events: ['classification.completed'] },
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'deleteWebhook',
    method: 'DELETE',
    template: '/v2/webhooks/{webhook_id}',
    path: async (ctx) => `/v2/webhooks/${await ctx.freshWebhookId()}`,
    least: 'admin',
    success: 204,
  },
  {
    operationId: 'rotateWebhookSecret',
    method: 'POST',
    template: '/v2/webhooks/{webhook_id}/rotate-secret',
    path: async (ctx) => `/v2/webhooks/${await ctx.freshWebhookId()}/rotate-secret`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    template: '/v2/webhooks/{webhook_id}/deliveries',
    path: async (ctx) => `/v2/webhooks/${await ctx.freshWebhookId()}/deliveries`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'redeliverWebhookDelivery',
    method: 'POST',
    template: '/v2/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver',
    path: (ctx) => ctx.freshRedeliverPath(),
    least: 'admin',
    success: 202,
  },
  {
    operationId: 'listConnectors',
    method: 'GET',
    template: '/v2/connectors',
    path: () => '/v2/connectors',
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'createConnector',
    method: 'POST',
    template: '/v2/connectors',
    path: () => '/v2/connectors',
    bodyOf: async (ctx) => ({
      type: 'zendesk',
      name: 'matrix',
      base_url: NOWHERE,
      credentials: { email: 'agent@example.com', api_token: 'matrix-token' },
      dataset_id: Number((await ctx.freshDatasetKey()).slice(3)),
      field_mapping: { columns: { text: 'description' } },
      interval_seconds: 3600,
      enabled: false,
    }),
    least: 'admin',
    success: 201,
  },
  {
    operationId: 'getConnector',
    method: 'GET',
    template: '/v2/connectors/{connector_id}',
    path: async (ctx) => `/v2/connectors/${await ctx.freshConnectorId()}`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'updateConnector',
    method: 'PATCH',
    template: '/v2/connectors/{connector_id}',
    path: async (ctx) => `/v2/connectors/${await ctx.freshConnectorId()}`,
    body: { name: 'renamed' },
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'deleteConnector',
    method: 'DELETE',
    template: '/v2/connectors/{connector_id}',
    path: async (ctx) => `/v2/connectors/${await ctx.freshConnectorId()}`,
    least: 'admin',
    success: 204,
  },
  {
    operationId: 'syncConnector',
    method: 'POST',
    template: '/v2/connectors/{connector_id}/sync',
    path: async (ctx) => `/v2/connectors/${await ctx.freshConnectorId()}/sync`,
    least: 'admin',
    success: 202,
  },
  {
    operationId: 'listConnectorRuns',
    method: 'GET',
    template: '/v2/connectors/{connector_id}/runs',
    path: async (ctx) => `/v2/connectors/${await ctx.freshConnectorId()}/runs`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'createModel',
    method: 'POST',
    template: '/v2/models',
    path: () => '/v2/models',
    body: { name: 'matrix model', type: 'zero-shot', labels: [{ name: 'a' }, { name: 'b' }] },
    least: 'admin',
    success: 201,
  },
  {
    operationId: 'deleteModel',
    method: 'DELETE',
    template: '/v2/models/{model_id}',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('zero-shot')}`,
    least: 'admin',
    success: 204,
  },
  {
    operationId: 'addModelExamples',
    method: 'POST',
    template: '/v2/models/{model_id}/examples',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('fine-tuned')}/examples`,
    raw: 'text,label\nwhere is my parcel,shipping\n',
    headers: { 'Content-Type': 'text/csv' },
    least: 'admin',
    success: 201,
  },
  {
    operationId: 'listModelExamples',
    method: 'GET',
    template: '/v2/models/{model_id}/examples',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('fine-tuned')}/examples?label=billing`,
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'updateModelExample',
    method: 'PATCH',
    template: '/v2/models/{model_id}/examples/{example_id}',
    path: (ctx) => ctx.freshExamplePath(),
    body: { label: 'shipping' },
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'deleteModelExample',
    method: 'DELETE',
    template: '/v2/models/{model_id}/examples/{example_id}',
    path: (ctx) => ctx.freshExamplePath(),
    least: 'admin',
    success: 204,
  },
  {
    operationId: 'updateModel',
    method: 'PATCH',
    template: '/v2/models/{model_id}',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('zero-shot')}`,
    body: { description: 'renamed by the matrix', confidence_threshold: 0.6 },
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'listModelEvaluations',
    method: 'GET',
    template: '/v2/models/{model_id}/evaluations',
    path: () => '/v2/models/1/evaluations',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'trainModel',
    method: 'POST',
    template: '/v2/models/{model_id}/training-jobs',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('fine-tuned')}/training-jobs`,
    body: {},
    least: 'admin',
    success: 202,
  },
  {
    operationId: 'listTrainingJobs',
    method: 'GET',
    template: '/v2/models/{model_id}/training-jobs',
    path: () => '/v2/models/1/training-jobs',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'getTrainingJob',
    method: 'GET',
    template: '/v2/models/{model_id}/training-jobs/{job_id}',
    path: (ctx) => ctx.freshTrainingJobPath(),
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'listModelVersions',
    method: 'GET',
    template: '/v2/models/{model_id}/versions',
    path: () => '/v2/models/1/versions',
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'evaluateModel',
    method: 'POST',
    template: '/v2/models/{model_id}/evaluations',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('zero-shot')}/evaluations`,
    body: {
      examples: [
        { text: 'first thing', label: 'a' },
        { text: 'second thing', label: 'b' },
      ],
    },
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'suggestLabels',
    method: 'GET',
    template: '/v2/models/{model_id}/suggestions',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('trained-twice')}/suggestions?dataset_id=ds_1`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'listReview',
    method: 'GET',
    template: '/v2/models/{model_id}/review',
    path: () => '/v2/models/1/review',
    least: 'member',
    success: 200,
  },
  {
    operationId: 'answerReview',
    method: 'POST',
    template: '/v2/models/{model_id}/review/{record_id}',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('fine-tuned')}/review/${await ctx.demoRecordId()}`,
    body: { label: 'billing' },
    least: 'member',
    success: 200,
  },
  {
    operationId: 'auditModelVersion',
    method: 'GET',
    template: '/v2/models/{model_id}/versions/{version}/audit',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('trained-twice')}/versions/1/audit`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'listHeldOutPredictions',
    method: 'GET',
    template: '/v2/models/{model_id}/versions/{version}/held-out',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('trained-twice')}/versions/1/held-out`,
    least: 'reader',
    success: 200,
  },
  {
    operationId: 'deployModel',
    method: 'POST',
    template: '/v2/models/{model_id}/deploy',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('zero-shot')}/deploy`,
    body: {},
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'rollbackModel',
    method: 'POST',
    template: '/v2/models/{model_id}/rollback',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('trained-twice')}/rollback`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'archiveModel',
    method: 'POST',
    template: '/v2/models/{model_id}/archive',
    path: async (ctx) => `/v2/models/${await ctx.freshModelId('deployed')}/archive`,
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'exportModel',
    method: 'GET',
    template: '/v2/models/{model_id}/export',
    path: () => '/v2/models/1/export',
    least: 'admin',
    success: 200,
  },
  {
    operationId: 'importModel',
    method: 'POST',
    template: '/v2/models/import',
    path: () => `/v2/models/import?name=matrix-import-${Date.now()}`,
    bodyOf: (ctx) => ctx.exportFile(),
    least: 'admin',
    success: 201,
  },
  { operationId: 'getHealth', method: 'GET', template: '/health', path: () => '/health', least: null, success: 200 },
  {
    operationId: 'getHealthLive',
    method: 'GET',
    template: '/health/live',
    path: () => '/health/live',
    least: null,
    success: 200,
  },
  {
    operationId: 'getHealthReady',
    method: 'GET',
    template: '/health/ready',
    path: () => '/health/ready',
    least: null,
    success: 200,
  },
];

/** True when `role` may do what needs `least` (reader < member < admin). */
export function allows(role: Role, least: Role | null): boolean {
  return least === null || ROLES.indexOf(role) >= ROLES.indexOf(least);
}
