// fast-check arbitraries that turn a valid request into a hostile one: path ids, query strings, bodies and headers.
import { createHash } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import type { ContractOperation } from './contract.js';
import type { IdKind, Json, Seed } from './seeds.js';

/** A request on its way to the wire: what each hostile step may change. */
export interface Draft {
  op: ContractOperation;
  path: Record<string, string>;
  query: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The body before a Content-Encoding step encoded it. */
  plain?: Buffer;
  lengthSkew?: number;
  /** What the steps did, for the report. */
  labels: string[];
  /** The request cannot be right (a malformed or foreign id): any answer but an error is a failure. */
  mustFail: boolean;
}

export type Step = { phase: number; apply(draft: Draft): void };

// ---------- path ids ----------

const INT32_MAX = 2147483647;
function validId(kind: IdKind, raw: string): boolean {
  const digits = (s: string, max: number) =>
    /^[1-9][0-9]*$/.test(s) && s.length <= String(max).length && Number(s) <= max;
  switch (kind) {
    case 'int':
      return digits(raw, INT32_MAX);
    case 'dataset':
      return digits(raw.replace(/^ds_/, ''), INT32_MAX);
    case 'upload':
      return /^up_[1-9][0-9]{0,17}$/.test(raw);
    case 'serial':
      return /^[1-9][0-9]{0,17}$/.test(raw);
    case 'name':
      return /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/.test(raw);
  }
}

/** Forms of an id that the contract refuses, built around the real id so that a lenient parser would reach the resource. */
function malformedIds(kind: IdKind, value: string): string[] {
  const bare = value.replace(/^(ds_|up_)/, '');
  const prefix = value.slice(0, value.length - bare.length);
  const n = Number(bare);
  const around = (s: string) => `${prefix}${s}`;
  return [
    around(`0x${n.toString(16)}`),
    around(`+${bare}`),
    around(`%2B${bare}`),
    around(`%20${bare}`),
    around(`${bare}%20`),
    around(`${bare}e0`),
    around(`${n / 10 ** (bare.length - 1)}e${bare.length - 1}`),
    around(`${bare}.0`),
    around(`0${bare}`),
    around(`00${bare}`),
    around(`-${bare}`),
    around(`${bare}%00`),
    around(`${bare}%0A`),
    around(`${bare}%2F1`),
    around(`${bare},${bare}`),
    around(`${bare};`),
    around(`%EF%BC%91`),
    around(`%D9%A1`),
    around('0'),
    around('-0'),
    around('2147483648'),
    around('4294967297'),
    around('9223372036854775808'),
    around('99999999999999999999'),
    around('1e+23'),
    around('1e23'),
    around('1e-7'),
    around('NaN'),
    around('Infinity'),
    around('-Infinity'),
    around('%ud800'),
    around('%uD800%uDC00'),
    around('%'),
    around('%zz'),
    around('%ff'),
    around('%C0%AF'),
    around('%ED%A0%80'),
    '..',
    '%2e%2e',
    'null',
    'undefined',
    'true',
    '%5B%5D',
    '%7B%7D',
    '9'.repeat(400),
    'x'.repeat(3000),
    kind === 'dataset' ? `DS_${bare}` : `ds_${bare}`,
    kind === 'upload' ? `UP_${bare}` : `up_${bare}`,
    kind === 'dataset' ? 'ds_' : kind === 'upload' ? 'up_' : '',
    `${prefix}${prefix}${bare}`,
  ].filter((s) => s !== '' && !validId(kind, s));
}

/** Ids the contract accepts that name nothing of ours. */
function absentIds(kind: IdKind): string[] {
  switch (kind) {
    case 'int':
      return [String(INT32_MAX), '999999999'];
    case 'dataset':
      return [`ds_${INT32_MAX}`, String(INT32_MAX)];
    case 'upload':
      return ['up_999999999999999999', 'up_2147483648'];
    case 'serial':
      return ['999999999999999999', '9223372036854775'];
    case 'name':
      return ['no-such-encoder', 'x'.repeat(200)];
  }
}

function pathStep(op: ContractOperation, seed: Seed): fc.Arbitrary<Step> | undefined {
  const names = Object.keys(seed.path);
  if (names.length === 0) return undefined;
  return fc.constantFrom(...names).chain((name) => {
    const { value, kind, foreign } = seed.path[name]!;
    const generated = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).map((s) => encodeURIComponent(s));
    return fc
      .oneof(
        {
          weight: 6,
          arbitrary: fc.constantFrom(...malformedIds(kind, value)).map((token) => ({ token, why: 'malformed id' })),
        },
        { weight: 2, arbitrary: fc.constant({ token: foreign, why: "another workspace's id" }) },
        { weight: 1, arbitrary: fc.constantFrom(...absentIds(kind)).map((token) => ({ token, why: 'absent id' })) },
        {
          weight: 2,
          arbitrary: generated.map((token) => ({ token, why: 'generated id' })),
        },
        {
          weight: 1,
          arbitrary: fc
            .bigInt({ min: -(2n ** 70n), max: 2n ** 70n })
            .map((b) => ({ token: String(b), why: 'generated number' })),
        },
      )
      .map(({ token, why }) => ({
        phase: 0,
        apply(draft: Draft) {
          draft.path[name] = token;
          draft.labels.push(`path ${name}: ${why}`);
          let decoded: string | undefined;
          try {
            decoded = decodeURIComponent(token);
          } catch {
            decoded = undefined;
          }
          if (why !== 'generated id' && why !== 'generated number') draft.mustFail = true;
          else if (decoded === undefined || !validId(kind, decoded)) draft.mustFail = true;
        },
      }));
  });
}

// ---------- query strings ----------

const QUERY_VALUES = [
  '',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '%2B1',
  '+1',
  '101',
  '10001',
  '2147483648',
  '99999999999999999999',
  'NaN',
  'null',
  '%00',
  '%ud800',
  '%',
  '%ED%A0%80',
  '(x)',
  '%28x%29',
  'ds_0',
  'ds_99999999999',
  'ds_9999999999',
  '9999999999',
  'x'.repeat(4000),
  '%E2%80%AE',
];

function queryStep(op: ContractOperation, seed: Seed): fc.Arbitrary<Step> {
  const names = [...op.queryParams.map((p) => p.name), 'unknown', '__proto__', '%ud800', 'limit'];
  const value = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...QUERY_VALUES) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encodeURIComponent) },
  );
  const shape = fc.constantFrom('replace', 'repeat', 'bracket', 'bare', 'object');
  return fc.tuple(fc.constantFrom(...names), value, shape).map(([name, v, how]) => ({
    phase: 0,
    apply(draft: Draft) {
      const rest = seed.query.filter(([k]) => k !== name).map(([k, x]) => `${k}=${encodeURIComponent(x)}`);
      const own = seed.query.find(([k]) => k === name)?.[1] ?? '1';
      const mine =
        how === 'replace'
          ? [`${name}=${v}`]
          : how === 'repeat'
            ? [`${name}=${encodeURIComponent(own)}`, `${name}=${v}`]
            : how === 'bracket'
              ? [`${name}[]=${v}`]
              : how === 'bare'
                ? [name]
                : [`${name}[a]=${v}`, `${name}[b]=1`];
      draft.query = [...rest, ...mine].join('&');
      draft.labels.push(`query ${name}: ${how}`);
    },
  }));
}

// ---------- JSON bodies ----------

const WEIRD: Json[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -2147483649,
  2147483648,
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '💥',
  'x'.repeat(10_001),
  [],
  [null],
  ['a', 5],
  {},
  { __proto__: 'x' },
  'ds_1',
  '1; DROP TABLE records',
];

const weird: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...WEIRD) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Json> },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.double() as fc.Arbitrary<Json> },
);

function deep(depth: number, leaf: Json = 'bottom'): Json {
  let value: Json = leaf;
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { nested: value };
  return value;
}

/** Every path to a value inside a JSON document. */
function paths(value: Json, at: Array<string | number> = [], out: Array<Array<string | number>> = []) {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => paths(v, [...at, i], out));
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) paths(v, [...at, k], out);
  return out;
}

function setAt(root: Json, at: Array<string | number>, value: Json | undefined): Json {
  if (at.length === 0) return value ?? null;
  const copy = structuredClone(root);
  let node: any = copy;
  for (const k of at.slice(0, -1)) node = node[k];
  const last = at[at.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** A mutation of one place of a valid JSON document. */
const jsonMutation = (valid: Json): fc.Arbitrary<{ json: Json; how: string }> => {
  const places = paths(valid);
  return fc
    .tuple(
      fc.constantFrom(...places),
      weird,
      fc.nat(),
      fc.constantFrom(...(['replace', 'delete', 'wrap', 'repeat', 'deep', 'unknown'] as const)),
    )
    .map(([at, value, n, how]) => {
      const current = at.reduce<any>((node, k) => node?.[k], valid) as Json;
      switch (how) {
        case 'replace':
          return { json: setAt(valid, at, value), how: `replace ${at.join('.') || 'body'}` };
        case 'delete':
          return { json: setAt(valid, at, undefined), how: `delete ${at.join('.') || 'body'}` };
        case 'wrap':
          return { json: setAt(valid, at, [current]), how: `wrap ${at.join('.') || 'body'} in an array` };
        case 'repeat':
          return {
            json: setAt(
              valid,
              at,
              Array.from({ length: 1 + (n % 2000) }, () => current),
            ),
            how: `repeat ${at.join('.') || 'body'}`,
          };
        case 'deep':
          return { json: setAt(valid, at, deep(1 + (n % 300), current)), how: `nest ${at.join('.') || 'body'}` };
        case 'unknown': {
          const owner = at.length === 0 ? valid : current;
          const key = ['unknown_field', '__proto__', 'constructor', 'prototype', 'Texts', '', '\u0000'][n % 7]!;
          if (owner === null || typeof owner !== 'object' || Array.isArray(owner))
            return { json: setAt(valid, at, { [key]: value }), how: `object at ${at.join('.') || 'body'}` };
          const extended = JSON.parse(JSON.stringify(owner)) as Record<string, Json>;
          Object.defineProperty(extended, key, { value, enumerable: true, configurable: true, writable: true });
          return { json: setAt(valid, at, extended), how: `unknown field ${JSON.stringify(key)}` };
        }
      }
    });
};

/** Every string inside the document gets the same poison. */
function poisonStrings(value: Json, poison: (s: string) => string): Json {
  if (typeof value === 'string') return poison(value);
  if (Array.isArray(value)) return value.map((v) => poisonStrings(v, poison));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poisonStrings(v, poison)]));
  return value;
}

const POISONS: Array<[string, (s: string) => string]> = [
  ['NUL', (s) => `${s}\u0000`],
  ['NUL only', () => '\u0000'],
  ['lone high surrogate', (s) => `${s}\ud800`],
  ['lone low surrogate', (s) => `\udc00${s}`],
  ['BOM and bidi', (s) => `\ufeff\u202e${s}`],
  ['C1 controls', (s) => `${s}\u0085\u009b`],
  ['noncharacter', (s) => `${s}\uffff`],
];

/** Bytes that are not UTF-8, put inside the strings of a JSON text. */
const BAD_BYTES: Array<[string, number[]]> = [
  ['byte 0xff', [0xff]],
  ['overlong slash', [0xc0, 0xaf]],
  ['CESU surrogate', [0xed, 0xa0, 0x80]],
  ['truncated sequence', [0xe2, 0x82]],
  ['raw NUL', [0x00]],
];

function withBadBytes(text: string, bytes: number[]): Buffer {
  const parts = text.split('"');
  const out: Buffer[] = [];
  parts.forEach((part, i) => {
    out.push(Buffer.from(part));
    if (i < parts.length - 1) out.push(Buffer.from('"'));
    if (i % 4 === 3 && i < parts.length - 1) out.push(Buffer.from(bytes));
  });
  return Buffer.concat(out);
}

const SYNTAX: Array<[string, (text: string) => string]> = [
  ['truncated', (t) => t.slice(0, Math.max(1, Math.floor(t.length / 2)))],
  ['trailing garbage', (t) => `${t} x`],
  ['two documents', (t) => `${t}${t}`],
  ['empty', () => ''],
  ['whitespace', () => ' \n\t '],
  ['BOM', (t) => `\ufeff${t}`],
  ['comment', (t) => `/* c */${t}`],
  ['single quotes', (t) => t.replace(/"/g, "'")],
  ['NaN', (t) => t.replace(/\d+(\.\d+)?/, 'NaN')],
  ['duplicate keys', (t) => t.replace(/^\{("[^"]+"):/, '{$1:1,$1:')],
  ['proto pollution', (t) => t.replace('{', '{"__proto__":{"polluted":true},')],
  ['constructor pollution', (t) => t.replace('{', '{"constructor":{"prototype":{"polluted":true}},')],
  ['escaped NUL key', (t) => t.replace('{', '{"\\u0000":1,')],
  ['bad escape', (t) => t.replace('"', '"\\x41')],
  ['lone surrogate escape', (t) => t.replace(/"([a-z])/, '"\\ud800$1')],
  ['big number', (t) => t.replace(/\d+/, '1'.repeat(400))],
  ['negative zero', (t) => t.replace(/\d+/, '-0')],
  ['null', () => 'null'],
  ['string', () => '"texts"'],
  ['number', () => '42'],
  ['array', (t) => `[${t}]`],
];

const DEPTHS = [64, 1000, 5000, 20_000, 100_000];

function jsonBodySteps(seed: Seed): Array<fc.Arbitrary<Step>> {
  const valid = seed.json;
  if (valid === undefined) return [];
  const stringPlaces = paths(valid).filter((at) => typeof at.reduce<any>((n, k) => n?.[k], valid) === 'string');
  const setJson = (draft: Draft, text: string | Buffer, label: string) => {
    draft.body = typeof text === 'string' ? Buffer.from(text) : text;
    draft.labels.push(`body: ${label}`);
  };
  return [
    jsonMutation(valid).map(({ json, how }) => ({
      phase: 1,
      apply: (d: Draft) => setJson(d, JSON.stringify(json), how),
    })),
    fc.tuple(jsonMutation(valid), jsonMutation(valid)).map(([a, b]) => ({
      phase: 1,
      apply: (d: Draft) => {
        const merged =
          a.json !== null &&
          typeof a.json === 'object' &&
          !Array.isArray(a.json) &&
          b.json !== null &&
          typeof b.json === 'object' &&
          !Array.isArray(b.json)
            ? { ...b.json, ...a.json }
            : a.json;
        setJson(d, JSON.stringify(merged), `${a.how}, ${b.how}`);
      },
    })),
    fc.constantFrom(...POISONS).map(([name, poison]) => ({
      phase: 1,
      apply: (d: Draft) => setJson(d, JSON.stringify(poisonStrings(valid, poison)), `every string with ${name}`),
    })),
    ...(stringPlaces.length === 0
      ? []
      : [
          fc.tuple(fc.constantFrom(...stringPlaces), fc.constantFrom(...POISONS)).map(([at, [name, poison]]) => ({
            phase: 1,
            apply: (d: Draft) =>
              setJson(
                d,
                JSON.stringify(setAt(valid, at, poison(at.reduce<any>((n, k) => n[k], valid) as string))),
                `${at.join('.')} with ${name}`,
              ),
          })),
        ]),
    fc.constantFrom(...BAD_BYTES).map(([name, bytes]) => ({
      phase: 1,
      apply: (d: Draft) => setJson(d, withBadBytes(JSON.stringify(valid), bytes), `invalid UTF-8: ${name}`),
    })),
    fc.constantFrom(...SYNTAX).map(([name, change]) => ({
      phase: 1,
      apply: (d: Draft) => setJson(d, change(JSON.stringify(valid)), name),
    })),
    fc.tuple(fc.constantFrom(...DEPTHS), fc.boolean()).map(([depth, asArray]) => ({
      phase: 1,
      apply: (d: Draft) => {
        const open = asArray ? '['.repeat(depth) : '{"a":'.repeat(depth);
        const close = asArray ? ']'.repeat(depth) : '}'.repeat(depth);
        const inner = `${open}1${close}`;
        const text = JSON.stringify(valid).replace(/^\{/, `{"deep":${inner},`);
        setJson(
          d,
          text.startsWith('{"deep"') ? text : inner,
          `nested ${depth} deep (${asArray ? 'arrays' : 'objects'})`,
        );
      },
    })),
    fc.constantFrom(900 * 1024, 1024 * 1024 + 1, 3 * 1024 * 1024).map((size) => ({
      phase: 1,
      apply: (d: Draft) => {
        const filler = 'z'.repeat(size);
        const text = JSON.stringify(poisonStrings(valid, () => '')).replace(/^\{/, `{"padding":"${filler}",`);
        setJson(d, text.startsWith('{"padding"') ? text : JSON.stringify([filler]), `huge (${size} bytes)`);
      },
    })),
    (weird as fc.Arbitrary<Json>).map((value) => ({
      phase: 1,
      apply: (d: Draft) => setJson(d, JSON.stringify(value) ?? 'null', 'wrong type for the whole body'),
    })),
  ];
}

// ---------- model files (importModel) ----------

const HEADS: Array<[string, (bytes: Buffer) => Buffer]> = [
  ['random bytes', (b) => Buffer.from(Array.from({ length: b.length }, (_, i) => (i * 7919 + 13) % 256))],
  ['truncated', (b) => b.subarray(0, Math.floor(b.length / 2))],
  ['empty', () => Buffer.alloc(0)],
  ['one bit flipped', (b) => Buffer.from(b.map((x, i) => (i === Math.floor(b.length / 2) ? x ^ 0x10 : x)))],
  ['last byte dropped', (b) => b.subarray(0, b.length - 1)],
  ['JSON instead of ONNX', () => Buffer.from('{"not":"onnx"}')],
];

/** A model file whose head or labels do not fit, with the head's SHA-256 recomputed so that only a real check refuses it. */
function modelFileStep(seed: Seed): fc.Arbitrary<Step> | undefined {
  const file = seed.json as any;
  if (!file?.head?.data_base64 || !Array.isArray(file?.model?.labels)) return undefined;
  const changes: Array<[string, (f: any) => void]> = [
    ...HEADS.map(([name, change]): [string, (f: any) => void] => [
      `head ${name}`,
      (f) => {
        const bytes = change(Buffer.from(f.head.data_base64, 'base64'));
        f.head.data_base64 = bytes.toString('base64');
        f.head.sha256 = createHash('sha256').update(bytes).digest('hex');
      },
    ]),
    ['a third label', (f) => f.model.labels.push({ ...f.model.labels[0], name: 'third' })],
    ['one label only', (f) => f.model.labels.splice(1)],
    ['labels swapped for others', (f) => f.model.labels.forEach((l: any, i: number) => (l.name = `other ${i}`))],
    ['another encoder', (f) => (f.encoder.id = 'no-such-encoder')],
    ['head on a zero-shot model', (f) => (f.model.type = 'zero-shot')],
  ];
  return fc.constantFrom(...changes).map(([name, change]) => ({
    phase: 1,
    apply(d: Draft) {
      const copy = structuredClone(file);
      change(copy);
      d.body = Buffer.from(JSON.stringify(copy));
      d.labels.push(`model file: ${name}`);
    },
  }));
}

// ---------- file bodies (CSV, JSON Lines) ----------

const FILE_CHANGES: Array<[string, (text: string, type: string) => Buffer]> = [
  ['NUL line', (t) => Buffer.from(`${t}\u0000\n`)],
  [
    'NUL inside a value',
    (t) =>
      Buffer.from(t.replace('hello', 'hel\u0000lo').replace('money', 'mo\u0000ney').replace('parcel', 'par\u0000cel')),
  ],
  ['CESU surrogate bytes', (t) => Buffer.concat([Buffer.from(t), Buffer.from([0xed, 0xa0, 0x80, 0x0a])])],
  ['byte 0xff', (t) => Buffer.concat([Buffer.from(t), Buffer.from([0xff, 0xfe, 0x0a])])],
  [
    'lone surrogate escape',
    (t, type) => Buffer.from(type === 'text/csv' ? `${t}\ud800\n` : `${t}{"text":"\\ud800","label":"refund","n":1}\n`),
  ],
  [
    'escaped NUL',
    (t, type) =>
      Buffer.from(type === 'text/csv' ? `${t}\\u0000\n` : `${t}{"text":"a\\u0000b","label":"refund","n":1}\n`),
  ],
  ['unbalanced quote', (t) => Buffer.from(`${t}"never closed,1\n`)],
  ['empty', () => Buffer.alloc(0)],
  ['only newlines', () => Buffer.from('\n\n\r\n')],
  ['header only', (t) => Buffer.from(`${t.split('\n')[0]}\n`)],
  ['BOM', (t) => Buffer.from(`\ufeff${t}`)],
  ['CRLF', (t) => Buffer.from(t.replace(/\n/g, '\r\n'))],
  ['bare CR', (t) => Buffer.from(t.replace(/\n/g, '\r'))],
  ['wrong column count', (t) => Buffer.from(`${t}a,b,c,d,e,f\n`)],
  ['not JSON lines', (t) => Buffer.from(`${t}{not json\n`)],
  ['JSON array line', (t) => Buffer.from(`${t}[1,2]\n`)],
  ['long line', (t) => Buffer.from(`${t}${'y'.repeat(200_000)}\n`)],
  ['many columns header', (t) => Buffer.from(`${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(',')}\n${t}`)],
  ['duplicate header', () => Buffer.from('text,text\nhello,again\n')],
  ['deep JSON line', (t) => Buffer.from(`${t}${'['.repeat(50_000)}${']'.repeat(50_000)}\n`)],
];

function fileBodyStep(seed: Seed): fc.Arbitrary<Step> | undefined {
  const file = seed.file;
  if (!file) return undefined;
  return fc.constantFrom(...FILE_CHANGES).map(([name, change]) => ({
    phase: 1,
    apply(d: Draft) {
      d.body = change(file.text, file.type);
      d.labels.push(`file: ${name}`);
    },
  }));
}

// ---------- headers ----------

const CONTENT_TYPES = [
  null,
  'text/plain',
  'text/csv',
  'application/x-ndjson',
  'application/json; charset=utf-16',
  'application/json; charset=iso-8859-1',
  'application/json; charset=bogus',
  'application/json;charset="utf-8"',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/*',
  '*/*',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/merge-patch+json',
  'application/vnd.api+json',
  'application/jsonx',
  ';',
  '/',
  '',
  'text/csv; charset=utf-16le',
  'application/json; ' + 'x=y;'.repeat(300),
  'application/json; charset=utf-8; charset=latin1',
  'a'.repeat(4000),
  'applicati\u00f6n/json',
];

function contentTypeStep(): fc.Arbitrary<Step> {
  return fc.constantFrom(...CONTENT_TYPES).map((type) => ({
    phase: 2,
    apply(d: Draft) {
      if (type === null) delete d.headers['Content-Type'];
      else d.headers['Content-Type'] = type;
      d.labels.push(`Content-Type: ${type === null ? 'none' : type.slice(0, 60)}`);
    },
  }));
}

const ENCODINGS: Array<[string, string, (body: Buffer) => Buffer]> = [
  ['br, raw body', 'br', (b) => b],
  ['br, brotli body', 'br', (b) => brotliCompressSync(b)],
  ['bogus', 'bogus', (b) => b],
  ['gzip, not gzip', 'gzip', (b) => b],
  ['gzip, truncated', 'gzip', (b) => gzipSync(b).subarray(0, 12)],
  ['gzip, trailing garbage', 'gzip', (b) => Buffer.concat([gzipSync(b), Buffer.from('garbage')])],
  ['gzip, gzip of garbage', 'gzip', () => gzipSync(Buffer.from([0xff, 0x00, 0x7b]))],
  ['gzip, valid', 'gzip', (b) => gzipSync(b)],
  ['gzip bomb', 'gzip', () => gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20))],
  ['deflate, deflated', 'deflate', (b) => deflateSync(b)],
  ['deflate, raw', 'deflate', (b) => b],
  ['x-gzip', 'x-gzip', (b) => gzipSync(b)],
  ['identity', 'identity', (b) => b],
  ['gzip, identity', 'gzip, identity', (b) => gzipSync(b)],
  ['gzip, gzip', 'gzip, gzip', (b) => gzipSync(gzipSync(b))],
  ['GZIP', 'GZIP', (b) => gzipSync(b)],
  ['zstd', 'zstd', (b) => b],
  ['compress', 'compress', (b) => b],
  ['empty', '', (b) => b],
  ['gzip, empty body', 'gzip', () => Buffer.alloc(0)],
];

let bomb: Buffer | undefined;
function contentEncodingStep(): fc.Arbitrary<Step> {
  return fc.constantFrom(...ENCODINGS).map(([name, header, encode]) => ({
    phase: 3,
    apply(d: Draft) {
      const body = d.body ?? Buffer.from('{}');
      d.plain ??= body;
      if (name === 'gzip bomb') bomb ??= encode(body);
      d.body = name === 'gzip bomb' ? bomb : encode(body);
      if (d.headers['Content-Type'] === undefined && d.op.bodyTypes.length === 0)
        d.headers['Content-Type'] = 'application/json';
      d.headers['Content-Encoding'] = header;
      d.labels.push(`Content-Encoding: ${name}`);
    },
  }));
}

function contentLengthStep(): fc.Arbitrary<Step> {
  return fc.constantFrom(-7, -1, 1, 9, 4096).map((skew) => ({
    phase: 4,
    apply(d: Draft) {
      d.body ??= Buffer.from('{"a":1}');
      d.headers['Content-Type'] ??= 'application/json';
      d.lengthSkew = skew;
      d.labels.push(`Content-Length ${skew > 0 ? `${skew} over` : `${-skew} under`} the body`);
    },
  }));
}

const REQUEST_IDS = [
  'a'.repeat(128),
  'a'.repeat(129),
  'b'.repeat(10_000),
  '<script>alert(1)</script>',
  '../../etc/passwd',
  'x y',
  '"quoted"',
  "it's",
  'semi;colon',
  '\t',
  ' ',
  '',
  '\u00e9t\u00e9',
  '\u00ff'.repeat(64),
  '%0d%0aSet-Cookie: x=1',
  'id,id',
  '${jndi:ldap://x}',
  '{"json":true}',
];

function requestIdStep(): fc.Arbitrary<Step> {
  const generated = fc.string({ unit: 'binary-ascii', maxLength: 200 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, ''));
  return fc.oneof(fc.constantFrom(...REQUEST_IDS), generated).map((id) => ({
    phase: 2,
    apply(d: Draft) {
      d.headers['X-Request-Id'] = id;
      d.labels.push(`X-Request-Id: ${id.length > 40 ? `${id.slice(0, 20)}…(${id.length} chars)` : JSON.stringify(id)}`);
    },
  }));
}

/** A body on an operation that takes none. */
function unexpectedBodyStep(): fc.Arbitrary<Step> {
  return fc
    .constantFrom('{"a":1}', '{"__proto__":{"polluted":true}}', '[', 'x'.repeat(2 * 1024 * 1024), '\u0000')
    .map((text) => ({
      phase: 1,
      apply(d: Draft) {
        d.body = Buffer.from(text);
        d.headers['Content-Type'] = 'application/json';
        d.labels.push(`unexpected body (${text.length} bytes)`);
      },
    }));
}

// ---------- systematic cases ----------

/** Numbers just past what the database's integer columns hold, for every integer query parameter. */
const OUT_OF_RANGE = ['2147483648', '9223372036854775808', '99999999999999999999', '1e+23'];

/**
 * Steps every run makes whatever the seed: each integer query parameter out of the database's range, and each string
 * of the valid body (up to 16) with a NUL, then with a lone surrogate.
 */
export function systematicSteps(op: ContractOperation, seed: Seed): Step[][] {
  const queries = op.queryParams
    .filter((p) => p.schema?.type === 'integer')
    .flatMap((p) =>
      OUT_OF_RANGE.map((value): Step[] => [
        {
          phase: 0,
          apply(d: Draft) {
            const rest = seed.query.filter(([k]) => k !== p.name).map(([k, x]) => `${k}=${encodeURIComponent(x)}`);
            d.query = [...rest, `${p.name}=${value}`].join('&');
            d.labels.push(`query ${p.name}=${value}`);
          },
        },
      ]),
    );
  const valid = seed.json;
  if (valid === undefined) return queries;
  const places = paths(valid)
    .filter((at) => typeof at.reduce<any>((n, k) => n?.[k], valid) === 'string')
    .slice(0, 16);
  const poisons = POISONS.filter(([name]) => name === 'NUL' || name === 'lone high surrogate');
  return [
    ...queries,
    ...places.flatMap((at) =>
      poisons.map(([name, poison]): Step[] => [
        {
          phase: 1,
          apply(d: Draft) {
            const value = at.reduce<any>((n, k) => n[k], valid) as string;
            d.body = Buffer.from(JSON.stringify(setAt(valid, at, poison(value))));
            d.labels.push(`body: ${at.join('.')} with ${name}`);
          },
        },
      ]),
    ),
  ];
}

// ---------- one request ----------

/** A hostile variant of the seed: one to three steps, each from a different part of the request. */
export function hostileSteps(op: ContractOperation, seed: Seed, readerKey: string): fc.Arbitrary<Step[]> {
  const steps: Array<fc.Arbitrary<Step>> = [];
  const path = pathStep(op, seed);
  if (path) steps.push(path, path);
  steps.push(queryStep(op, seed));
  if (seed.json !== undefined) steps.push(...jsonBodySteps(seed));
  const file = fileBodyStep(seed);
  if (file) steps.push(file, file, file);
  const model = modelFileStep(seed);
  if (model) steps.push(model, model, model);
  if (op.bodyTypes.length === 0) steps.push(unexpectedBodyStep());
  steps.push(contentTypeStep(), contentEncodingStep(), contentEncodingStep(), contentLengthStep(), requestIdStep());
  steps.push(
    fc.constant({
      phase: 2,
      apply(d: Draft) {
        d.headers.Authorization = `Bearer ${readerKey}`;
        d.labels.push('a reader key');
      },
    }),
  );
  return fc.array(fc.oneof(...steps), { minLength: 1, maxLength: 3 });
}
