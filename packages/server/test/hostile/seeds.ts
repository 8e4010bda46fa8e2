// A valid request for every operation of the contract, aimed at our workspace's resources: what the hostile generator starts from.
import type { ContractOperation } from './contract.js';
import type { WorkspaceIds } from './fixtures.js';
import { connectorBody } from './connector-seed.js';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a path parameter names: its kind decides which malformed forms apply. */
/** `name`: an encoder id (`/v1/models/{model}`), letters, digits, `.`, `_` and `-`. */
export type IdKind = 'int' | 'dataset' | 'upload' | 'serial' | 'name';

export interface Seed {
  path: Record<string, { value: string; kind: IdKind; foreign: string }>;
  query: Array<[string, string]>;
  /** The JSON body, or a file body with its media type. */
  json?: Json;
  file?: { type: string; text: string };
}

export interface SeedContext {
  ids: WorkspaceIds;
  foreign: WorkspaceIds;
  receiverUrl: string;
  exportFile: Json;
  /** A fresh number for each name that must be unique. */
  next(): number;
}

const texts = ['My invoice is wrong', 'Where is my parcel?'];

function pathOf(op: ContractOperation, c: SeedContext): Seed['path'] {
  const { ids, foreign } = c;
  const path: Seed['path'] = {};
  const doomed = op.method === 'DELETE';
  for (const p of op.pathParams) {
    switch (p.name) {
      case 'model_id': {
        const pick = (w: WorkspaceIds) =>
          op.template.includes('{example_id}')
            ? w.fineTunedId
            : doomed
              ? w.doomedModelId
              : /inference/.test(op.template)
                ? w.modelId
                : op.template.endsWith('{model_id}')
                  ? w.modelId
                  : w.fineTunedId;
        path[p.name] = { value: String(pick(ids)), kind: 'int', foreign: String(pick(foreign)) };
        break;
      }
      case 'dataset_id':
        // One rule on every dataset path: the key ds_<id> or the bare id.
        path[p.name] = { value: `ds_${ids.datasetId}`, kind: 'dataset', foreign: `ds_${foreign.datasetId}` };
        break;
      case 'upload_id':
        path[p.name] = { value: ids.uploadId, kind: 'upload', foreign: foreign.uploadId };
        break;
      case 'key_id':
        path[p.name] = { value: String(ids.doomedKeyId), kind: 'int', foreign: String(foreign.doomedKeyId) };
        break;
      case 'webhook_id': {
        const pick = (w: WorkspaceIds) => (doomed ? w.doomedWebhookId : w.webhookId);
        path[p.name] = { value: String(pick(ids)), kind: 'int', foreign: String(pick(foreign)) };
        break;
      }
      case 'connector_id': {
        const pick = (w: WorkspaceIds) => (doomed ? w.doomedConnectorId : w.connectorId);
        path[p.name] = { value: String(pick(ids)), kind: 'int', foreign: String(pick(foreign)) };
        break;
      }
      case 'delivery_id':
        path[p.name] = { value: ids.deliveryId, kind: 'serial', foreign: foreign.deliveryId };
        break;
      case 'job_id':
        path[p.name] = { value: ids.jobId, kind: 'serial', foreign: foreign.jobId };
        break;
      case 'example_id':
        path[p.name] = { value: ids.exampleId, kind: 'serial', foreign: foreign.exampleId };
        break;
      case 'record_id':
        path[p.name] = { value: ids.recordId, kind: 'serial', foreign: foreign.recordId };
        break;
      case 'model':
        // Encoders belong to the server, not a workspace: an id no server has stands in for a foreign one.
        path[p.name] = { value: 'use-multi-612', kind: 'name', foreign: 'no-such-encoder' };
        break;
      case 'version':
        // The fine-tuned model's first version; a version no model has stands in for a foreign one.
        path[p.name] = { value: '1', kind: 'int', foreign: '999999' };
        break;
      default:
        throw new Error(`the hostile suite has no id for path parameter ${p.name} of ${op.id}: add one to seeds.ts`);
    }
  }
  return path;
}

const LIST: Array<[string, string]> = [
  ['offset', '0'],
  ['limit', '5'],
];

function bodyOf(op: ContractOperation, c: SeedContext): Partial<Pick<Seed, 'json' | 'file' | 'query'>> {
  const { ids } = c;
  switch (op.id) {
    case 'classifyTexts':
      return { json: { texts, max_predictions: 2, label_filter: ['billing', 'shipping'] } };
    case 'classifyMultiModelSettings':
      return { json: { texts, model_settings: [{ model_id: ids.modelId, max_predictions: 1 }] } };
    case 'classifyMultiModelIds':
      return { json: { model_ids: [ids.modelId], texts, max_predictions: 1 } };
    case 'scoreSimilarity':
      return {
        json: {
          base_texts: { a: 'refund my order', b: 'reset password' },
          compare_to_texts: { q: 'money back' },
          top_n: 1,
        },
      };
    case 'createEmbeddings':
      return { json: { texts, dimensions: 512, encoding_format: 'base64' } };
    case 'createOpenAiEmbeddings':
      return { json: { model: 'default', input: texts, encoding_format: 'float' } };
    case 'createModel':
      return {
        json: {
          name: `hostile model ${c.next()}`,
          type: 'zero-shot',
          labels: [
            { name: 'a', descriptions: ['alpha'] },
            { name: 'b', descriptions: ['beta'] },
          ],
          confidence_threshold: 0.3,
        },
      };
    case 'addDatasetItems':
      return { json: { rows: [{ text: 'hello', n: 1, created: '2026-01-01T00:00:00Z' }] } };
    case 'createDataset':
      return {
        json: {
          name: `hostile dataset ${c.next()}`,
          columns: [
            { name: 'text', type: 'text' },
            { name: 'n', type: 'number' },
          ],
          text_column: 'text',
          model_ids: [],
        },
      };
    case 'pushDatasetRecord':
      return { json: { text: 'hello', n: 2, channel: 'chat' } };
    case 'uploadDatasetFile':
      return c.next() % 2 === 0
        ? { file: { type: 'text/csv', text: 'text,n,created\nhello,1,2026-01-01T00:00:00Z\n"a, b",2,\n' } }
        : { file: { type: 'application/x-ndjson', text: '{"text":"hello","n":1}\n{"text":"again","n":null}\n' } };
    case 'createApiKey':
      return { json: { name: `hostile key ${c.next()}`, role: 'reader' } };
    case 'createConnector':
      return { json: connectorBody(ids.datasetId, `hostile connector ${c.next()}`) };
    case 'updateConnector':
      return { json: { name: `hostile connector ${c.next()}`, interval_seconds: 3600, write_back: { mode: 'tags' } } };
    case 'createWebhook':
      return { json: { url: c.receiverUrl, events: ['classification.completed'], enabled: false } };
    case 'updateWebhook':
      return { json: { url: c.receiverUrl, events: ['classification.completed'], enabled: true } };
    case 'addModelExamples': {
      const n = c.next();
      if (n % 3 === 1) return { file: { type: 'text/csv', text: 'text,label\nsend my money back,refund\n' } };
      if (n % 3 === 2)
        return { file: { type: 'application/x-ndjson', text: '{"text":"parcel lost","label":"shipping"}\n' } };
      return { json: { examples: [{ text: 'money back please', label: 'refund' }] } };
    }
    case 'trainModel':
      return { json: { architecture: 'linear', holdout_fraction: 0.2, max_epochs: 3, seed: 1, deploy: false } };
    case 'evaluateModel':
      return { json: { examples: [{ text: 'I was charged twice', label: 'refund' }] } };
    case 'updateModel':
      return { json: { description: `hostile ${c.next()}`, confidence_threshold: 0.4 } };
    case 'updateModelExample':
      return { json: { label: 'refund' } };
    case 'listModelExamples':
      return { query: [['label', 'refund'], ...LIST] };
    case 'listModelEvaluations':
      return { query: [['version', '1'], ...LIST] };
    case 'listHeldOutPredictions':
      return { query: [['label', 'refund'], ['predicted_label', 'refund'], ...LIST] };
    case 'listDatasetRecords':
      return {
        query: [
          ['label', 'refund'],
          ['model_id', String(ids.modelId)],
          ['needs_review', 'false'],
          ['created_after', '2020-01-01T00:00:00Z'],
          ['created_before', '2999-01-01T00:00:00Z'],
          ...LIST,
        ],
      };
    case 'deployModel':
      return { json: { version: 1 } };
    case 'importModel':
      return { json: c.exportFile, query: [['name', `hostile import ${c.next()}`]] };
    case 'listModels':
      return { query: [['status', 'all'], ...LIST] };
    case 'answerReview':
      return { json: { label: 'refund' } };
    case 'listReview':
      return { query: [['dataset_id', `ds_${ids.datasetId}`], ...LIST] };
    case 'suggestLabels':
      return {
        query: [
          ['dataset_id', `ds_${ids.datasetId}`],
          ['strategy', 'margin'],
          ['scan', '50'],
          ['limit', '3'],
        ],
      };
    default:
      if (op.queryParams.some((p) => p.name === 'limit')) return { query: LIST };
      if (op.bodyTypes.length > 0)
        throw new Error(`the hostile suite has no valid body for ${op.id}: add one to seeds.ts`);
      return {};
  }
}

/** A valid request for the operation (a fresh one each call: names that must be unique get a new number). */
export function seedOf(op: ContractOperation, c: SeedContext): Seed {
  const { json, file, query } = bodyOf(op, c);
  return { path: pathOf(op, c), query: query ?? [], json, file };
}
