// The classification.completed event: its body is what the contract's schema describes, and only enabled subscribers get it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { WebhookEndpoint } from '../ports/pipeline.js';
import type { Dataset, DatasetRecord } from '../shared/types.js';
import { CLASSIFICATION_COMPLETED, classificationCompleted, subscribersOf } from './classification-event.js';

const contract = createRequire(import.meta.url)('@textclass/openapi/openapi.dereferenced.json') as {
  components: { schemas: Record<string, object> };
  webhooks: Record<
    string,
    { post: { requestBody: { content: Record<string, { examples: Record<string, { value: unknown }> }> } } }
  >;
};

function validator() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  formats.default(ajv);
  return ajv.compile(contract.components.schemas.ClassificationCompletedEvent as object);
}

const dataset = { id: 12, textColumn: 'message' } as Dataset;
const record = {
  id: '345',
  datasetId: 12,
  values: { message: 'I was charged twice', agent_id: 'a-7', channel: 'chat', score: 4, customer_id: null },
  metadata: { channel: 'email', queue: 'billing' },
} as unknown as DatasetRecord;

function endpoint(id: number, events: string[], enabled = true): WebhookEndpoint {
  return {
    id,
    workspaceId: 1,
    url: 'http://127.0.0.1:9/hook',
    events,
    enabled,
    disabledReason: null,
    secret: 's',
    createdAt: new Date(),
    updatedAt: new Date(),
  };
}

describe('classificationCompleted', () => {
  it('builds a body the contract accepts, once, for the chosen endpoints, with the models that flagged the record', () => {
    const event = classificationCompleted(
      dataset,
      record,
      { 3: { label: 'billing', confidence: 0.91 } },
      '2026-11-24T07:00:00.000Z',
      [4, 5],
      ['3'],
    );
    expect(event.type).toBe(CLASSIFICATION_COMPLETED);
    expect(event.endpointIds).toEqual([4, 5]);
    const body: unknown = JSON.parse(event.body);
    expect(body).toEqual({
      event: 'classification.completed',
      timestamp: '2026-11-24T07:00:00.000Z',
      dataset_id: 'ds_12',
      row_id: '345',
      text: 'I was charged twice',
      classifications: { 3: { label: 'billing', confidence: 0.91 } },
      metadata: { agent_id: 'a-7', channel: 'chat', queue: 'billing' },
      needs_review: ['3'],
    });
    const validate = validator();
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
  });

  it('carries string metadata and string columns other than the text column; a column wins a name clash', () => {
    const event = classificationCompleted(dataset, record, {}, 't', []);
    const { metadata } = JSON.parse(event.body) as { metadata: Record<string, string> };
    expect(metadata).toEqual({ agent_id: 'a-7', channel: 'chat', queue: 'billing' });
    expect(metadata).not.toHaveProperty('message');
    expect(metadata).not.toHaveProperty('score');
    expect(metadata).not.toHaveProperty('customer_id');
  });

  it("the webhooks guide's event is the contract's example, with column values in metadata, and valid", () => {
    const guide = readFileSync(new URL('../../../../../docs/datasets-and-webhooks.md', import.meta.url), 'utf8');
    const shown = /An event \(the body of each delivery\)[\s\S]*?```json\n([\s\S]*?)```/.exec(guide)?.[1];
    expect(shown).toBeDefined();
    const event: unknown = JSON.parse(shown!);
    const example = Object.values(contract.webhooks['classification.completed']!.post.requestBody.content)[0]!.examples;
    expect(event).toEqual(Object.values(example)[0]!.value);
    expect(event).toMatchObject({ metadata: { agent_id: expect.any(String), channel: expect.any(String) } });
    const validate = validator();
    expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
  });

  it('sends an empty text when the text column holds no string', () => {
    const event = classificationCompleted(dataset, { ...record, values: { message: null } }, {}, 't', []);
    expect(JSON.parse(event.body)).toMatchObject({ text: '' });
  });
});

describe('subscribersOf', () => {
  it('chooses the enabled endpoints subscribed to the event type', () => {
    const endpoints = [
      endpoint(1, [CLASSIFICATION_COMPLETED]),
      endpoint(2, [CLASSIFICATION_COMPLETED], false),
      endpoint(3, ['other.event']),
    ];
    expect(subscribersOf(endpoints, CLASSIFICATION_COMPLETED)).toEqual([1]);
  });
});
