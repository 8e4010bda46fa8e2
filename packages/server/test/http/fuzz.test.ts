// Fuzzes every POST endpoint with random mutations of valid bodies: never a 5xx, always the error object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../src/core/shared/seeded-random.js';
import { startTestServer, type TestServer } from '../testing/in-process.js';

let server: TestServer;
/** Model 3: a fine-tuned model made before the run, so example and training bodies reach a model that takes them. */
beforeAll(async () => {
  server = await startTestServer();
  const created = await server.call('POST', '/v2/models', {
    body: { name: 'fuzz fine-tuned', type: 'fine-tuned', labels: [{ name: 'refund' }, { name: 'shipping' }] },
  });
  if (created.body.id !== 3)
    throw new Error(`expected the fuzz model to be model 3, got ${JSON.stringify(created.body)}`);
  exportFile = (await server.call('GET', '/v2/models/1/export')).body;
}, 120_000);
let exportFile: Json = null;
afterAll(async () => {
  await server?.close();
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const VALID: Array<[string, Json | (() => Json)]> = [
  [
    '/v2/models/1/inference',
    { texts: ['My invoice is wrong', 'App crashes'], max_predictions: 2, label_filter: ['billing', 'technical_issue'] },
  ],
  [
    '/v2/models/inference',
    {
      texts: ['Refund please'],
      model_settings: [
        { model_id: 1, max_predictions: 1 },
        { model_id: 2, label_filter: ['positive'] },
      ],
    },
  ],
  ['/v2/multi-model/inference', { model_ids: [1, 2], texts: ['Where is my parcel?'], max_predictions: 1 }],
  [
    '/v2/similarity',
    { base_texts: { a: 'refund my order', b: 'reset password' }, compare_to_texts: { q: 'money back' }, top_n: 1 },
  ],
  [
    '/v2/datasets',
    {
      name: 'fuzz',
      columns: [
        { name: 'text', type: 'text' },
        { name: 'n', type: 'number' },
      ],
      text_column: 'text',
      model_ids: [1],
    },
  ],
  ['/v2/dataset/1/item', { rows: [{ text: 'hello', agent_id: 'a1', created: '2026-01-01T00:00:00Z' }] }],
  ['/v2/datasets/ds_1/records', { text: 'hello', agent_id: 'a1', channel: 'chat' }],
  [
    '/v2/models',
    {
      name: 'fuzz',
      type: 'few-shot',
      labels: [{ name: 'a', descriptions: ['x'] }, { name: 'b' }],
      examples: [{ text: 'one', label: 'a' }],
      confidence_threshold: 0.3,
    },
  ],
  [
    '/v2/models/3/examples',
    {
      examples: [
        { text: 'money back please', label: 'refund' },
        { text: 'where is my parcel', label: 'shipping' },
      ],
    },
  ],
  [
    '/v2/models/3/training-jobs',
    { architecture: 'linear', holdout_fraction: 0.2, max_epochs: 5, seed: 1, deploy: false },
  ],
  ['/v2/models/1/evaluations', { examples: [{ text: 'I was charged twice', label: 'billing' }] }],
  ['/v2/models/1/deploy', { version: 1 }],
  ['/v2/models/import', () => exportFile],
];

const WEIRD: Json[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -2147483649,
  // eslint-disable-next-line no-loss-of-precision -- 2^53 + 1 on purpose: a number no double holds exactly
  9007199254740993,
  '',
  ' ',
  'é',
  '💥🔥',
  '\u0000',
  '\ud800',
  'x'.repeat(10_001),
  [],
  [null],
  [1, 2],
  ['a', 5],
  {},
  { __proto__: 'x' },
  { constructor: { prototype: 1 } },
  'ds_1',
  '1; DROP TABLE records',
];

function deep(depth: number): Json {
  let value: Json = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { nested: value };
  return value;
}

function mutate(value: Json, random: () => number): Json {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)]!;
  if (value === null || typeof value !== 'object') return random() < 0.5 ? pick(WEIRD) : value;
  if (Array.isArray(value)) {
    const copy = value.map((v) => (random() < 0.3 ? mutate(v, random) : v));
    const roll = random();
    if (roll < 0.15) copy.push(pick(WEIRD));
    else if (roll < 0.25) copy.length = 0;
    else if (roll < 0.3) return Array.from({ length: 50 }, () => copy[0] ?? 'x');
    return copy;
  }
  const copy: { [key: string]: Json } = Object.fromEntries(Object.entries(value));
  const keys = Object.keys(copy);
  const roll = random();
  if (roll < 0.2 && keys.length > 0) delete copy[pick(keys)];
  else if (roll < 0.35)
    copy[pick(['__proto__', 'constructor', 'prototype', 'unknown_field', 'texts', 'Texts'])] = pick(WEIRD);
  else if (roll < 0.45 && keys.length > 0) copy[pick(keys)] = deep(1 + Math.floor(random() * 200));
  else if (keys.length > 0) {
    const key = pick(keys);
    copy[key] = mutate(copy[key]!, random);
  }
  return copy;
}

function serialise(value: Json, random: () => number): string {
  const text = JSON.stringify(value);
  const roll = random();
  if (roll < 0.04) return text.slice(0, Math.floor(random() * text.length));
  if (roll < 0.06) return text.replace('{', '{"__proto__": {"polluted": true}, ');
  return text;
}

describe('fuzzing POST bodies', () => {
  it.each(VALID)(
    '%s never answers 5xx',
    async (route, valid) => {
      const random = seededRandom(route.length * 7919);
      const statuses = new Map<number, number>();
      for (let i = 0; i < 120; i += 1) {
        const body = serialise(mutate(typeof valid === 'function' ? valid() : valid, random), random);
        const res = await server.call('POST', route, { raw: body });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        expect(res.status, `${route} ${body.slice(0, 300)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
        if (res.status >= 400) {
          expect(res.body).toMatchObject({
            status: res.status,
            error_code: expect.any(String),
            request_id: expect.any(String),
          });
          expect(res.body.message.length).toBeGreaterThan(0);
        }
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect([...statuses.keys()].some((s) => s >= 400)).toBe(true);
    },
    120_000,
  );
});
