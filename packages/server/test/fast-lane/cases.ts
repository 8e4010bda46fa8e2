// The requests the fast-lane identity test sends to both servers: good ones for every hot route, and hostile ones.
import { gzipSync, deflateSync } from 'node:zlib';
import type { RawRequest } from './raw-exchange.js';

/** The keys one server knows (created identically on both; the bytes differ). */
export interface Keys {
  admin: string;
  member: string;
  reader: string;
  limited: string;
}

export interface Case {
  name: string;
  request: (keys: Keys) => RawRequest;
}

export const BODY_LIMIT = 8192;
/** The one browser origin the servers allow (CORS). */
export const ALLOWED_ORIGIN = 'http://127.0.0.1:9';

const JSON_TYPE = { 'Content-Type': 'application/json' };
const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A POST with a JSON (or raw) body, the admin key and a JSON content type unless the headers say otherwise. */
function post(path: string, body: unknown, headers: Record<string, string> = {}, key: keyof Keys = 'admin') {
  return (keys: Keys): RawRequest => ({
    method: 'POST',
    path,
    headers: { ...JSON_TYPE, ...bearer(keys[key]), ...headers },
    body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
}

const ONE = '/v2/models/1/inference';
const text = 'I was charged twice for my subscription this month';
const good = { texts: [text] };
/** A valid body of exactly `bytes` bytes. */
const sized = (bytes: number) => {
  const frame = JSON.stringify({ texts: [''] }).length;
  return JSON.stringify({ texts: ['x'.repeat(bytes - frame)] });
};
const deep = (levels: number) => `{"texts":["a"],"label_filter":${'['.repeat(levels)}${']'.repeat(levels)}}`;

export const GOOD_CASES: Case[] = [
  { name: 'one text', request: post(ONE, good) },
  {
    name: 'three texts, label_filter, max_predictions',
    request: post(ONE, {
      texts: [text, 'thanks, great service', 'refund please'],
      label_filter: ['billing', 'cancellation'],
      max_predictions: 1,
    }),
  },
  { name: 'second model', request: post('/v2/models/2/inference', good) },
  { name: 'charset=utf-8', request: post(ONE, good, { 'Content-Type': 'application/json; charset=utf-8' }) },
  { name: 'upper-case media type', request: post(ONE, good, { 'Content-Type': 'Application/JSON' }) },
  { name: 'member key', request: post(ONE, good, {}, 'member') },
  {
    name: 'multi-model settings',
    request: post('/v2/models/inference', {
      texts: [text],
      model_settings: [
        { model_id: 1, max_predictions: 2 },
        { model_id: 2, label_filter: ['negative', 'positive'] },
      ],
    }),
  },
  {
    name: 'multi-model ids',
    request: post('/v2/multi-model/inference', { texts: [text], model_ids: [1, 2], max_predictions: 1 }),
  },
  {
    name: 'similarity',
    request: post('/v2/similarity', { base_texts: ['refund my money'], compare_to_texts: [text, 'hello'], top_n: 1 }),
  },
  { name: 'embeddings', request: post('/v2/embeddings', { texts: [text] }) },
  { name: 'embeddings base64', request: post('/v2/embeddings', { texts: [text, 'two'], encoding_format: 'base64' }) },
  { name: 'body at the limit', request: post(ONE, sized(BODY_LIMIT)) },
  {
    name: 'BOM before the JSON',
    request: post(ONE, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(good))])),
  },
  { name: 'whitespace around the JSON', request: post(ONE, ` \n\t${JSON.stringify(good)}\r\n `) },
  { name: 'allowed browser origin', request: post(ONE, good, { Origin: ALLOWED_ORIGIN }) },
  { name: 'other browser origin', request: post(ONE, good, { Origin: 'http://127.0.0.2:9' }) },
  { name: 'unsafe client request id', request: post(ONE, good, { 'X-Request-Id': 'not safe!' }) },
];

export const HOSTILE_CASES: Case[] = [
  { name: 'bad JSON', request: post(ONE, '{"texts": [') },
  { name: 'a JSON string (strict parser)', request: post(ONE, '"hello"') },
  { name: 'a JSON array', request: post(ONE, '[]') },
  { name: 'empty body', request: post(ONE, '') },
  { name: 'whitespace body', request: post(ONE, '   ') },
  { name: 'null body', request: post(ONE, 'null') },
  { name: 'texts not an array', request: post(ONE, { texts: 'hello' }) },
  { name: 'texts of numbers', request: post(ONE, { texts: [1, 2] }) },
  { name: 'empty texts', request: post(ONE, { texts: [] }) },
  { name: 'empty string text', request: post(ONE, { texts: [''] }) },
  { name: 'missing texts', request: post(ONE, { max_predictions: 2 }) },
  { name: 'max_predictions a string', request: post(ONE, { texts: ['a'], max_predictions: '3' }) },
  { name: 'max_predictions zero', request: post(ONE, { texts: ['a'], max_predictions: 0 }) },
  { name: 'max_predictions fractional', request: post(ONE, { texts: ['a'], max_predictions: 1.5 }) },
  { name: 'extra field', request: post(ONE, { texts: ['a'], language: 'en' }) },
  { name: 'two errors at once', request: post(ONE, { texts: [3], extra: true, max_predictions: -1 }) },
  { name: 'label_filter unknown label', request: post(ONE, { texts: ['a'], label_filter: ['nope'] }) },
  { name: 'label_filter empty', request: post(ONE, { texts: ['a'], label_filter: [] }) },
  { name: 'label_filter not strings', request: post(ONE, { texts: ['a'], label_filter: [1] }) },
  {
    name: 'multi-model unknown label',
    request: post('/v2/models/inference', { texts: ['a'], model_settings: [{ model_id: 1, label_filter: ['nope'] }] }),
  },
  { name: 'JSON nested too deep', request: post(ONE, deep(40)) },
  { name: 'JSON nested at the limit', request: post(ONE, deep(30)) },
  { name: 'proto key', request: post(ONE, '{"texts":["a"],"__proto__":{"x":1}}') },
  { name: 'duplicate keys', request: post(ONE, '{"texts":["a"],"texts":[2]}') },
  {
    name: 'invalid UTF-8',
    request: post(
      ONE,
      Buffer.from([0x7b, 0x22, 0x74, 0x65, 0x78, 0x74, 0x73, 0x22, 0x3a, 0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d, 0x7d]),
    ),
  },
  { name: 'body over the limit', request: post(ONE, sized(BODY_LIMIT + 1)) },
  { name: 'huge body', request: post(ONE, sized(BODY_LIMIT * 20)) },
  { name: 'model id 01', request: post('/v2/models/01/inference', good) },
  { name: 'model id 1e3', request: post('/v2/models/1e3/inference', good) },
  { name: 'model id 0', request: post('/v2/models/0/inference', good) },
  { name: 'model id -1', request: post('/v2/models/-1/inference', good) },
  { name: 'model id abc', request: post('/v2/models/abc/inference', good) },
  { name: 'model id too large', request: post('/v2/models/99999999999999/inference', good) },
  { name: 'model id escaped', request: post('/v2/models/%31/inference', good) },
  { name: 'model id bad escape', request: post('/v2/models/%E0%A4%A/inference', good) },
  { name: 'unknown model', request: post('/v2/models/999/inference', good) },
  { name: 'unknown model in multi', request: post('/v2/multi-model/inference', { texts: ['a'], model_ids: [1, 999] }) },
  { name: 'trailing slash', request: post('/v2/models/1/inference/', good) },
  { name: 'upper-case path', request: post('/V2/Models/1/Inference', good) },
  { name: 'query string', request: post(`${ONE}?debug=1`, good) },
  { name: 'no Authorization', request: (keys) => ({ ...post(ONE, good)(keys), headers: JSON_TYPE }) },
  { name: 'wrong key', request: post(ONE, good, { Authorization: 'Bearer tc_wrong_key_0123456789abcdef' }) },
  { name: 'Basic auth', request: post(ONE, good, { Authorization: 'Basic dXNlcjpwYXNz' }) },
  { name: 'lower-case bearer', request: (keys) => post(ONE, good, { Authorization: `bearer ${keys.admin}` })(keys) },
  { name: 'reader key (no infer permission)', request: post(ONE, good, {}, 'reader') },
  { name: 'text/plain', request: post(ONE, JSON.stringify(good), { 'Content-Type': 'text/plain' }) },
  { name: 'form type', request: post(ONE, 'texts=a', { 'Content-Type': 'application/x-www-form-urlencoded' }) },
  { name: 'no Content-Type', request: (keys) => ({ ...post(ONE, good)(keys), headers: bearer(keys.admin) }) },
  { name: 'vendor +json type', request: post(ONE, good, { 'Content-Type': 'application/vnd.api+json' }) },
  { name: 'latin1 charset', request: post(ONE, good, { 'Content-Type': 'application/json; charset=latin1' }) },
  { name: 'gzip body', request: post(ONE, gzipSync(JSON.stringify(good)), { 'Content-Encoding': 'gzip' }) },
  { name: 'broken gzip', request: post(ONE, 'not gzip at all', { 'Content-Encoding': 'gzip' }) },
  { name: 'deflate body', request: post(ONE, deflateSync(JSON.stringify(good)), { 'Content-Encoding': 'deflate' }) },
  { name: 'identity coding', request: post(ONE, good, { 'Content-Encoding': 'identity' }) },
  { name: 'chunked body', request: (keys) => ({ ...post(ONE, good)(keys), chunked: true }) },
  { name: 'GET on a hot path', request: (keys) => ({ method: 'GET', path: ONE, headers: bearer(keys.admin) }) },
  { name: 'HEAD on a hot path', request: (keys) => ({ method: 'HEAD', path: ONE, headers: bearer(keys.admin) }) },
  {
    name: 'OPTIONS on a hot path',
    request: (_keys) => ({
      method: 'OPTIONS',
      path: ONE,
      headers: { Origin: ALLOWED_ORIGIN, 'Access-Control-Request-Method': 'POST' },
    }),
  },
  { name: 'archive model 2', request: post('/v2/models/2/archive', undefined) },
  { name: 'archived model', request: post('/v2/models/2/inference', good) },
  {
    name: 'archived model in multi',
    request: post('/v2/models/inference', { texts: ['a'], model_settings: [{ model_id: 2 }] }),
  },
];

/** A workspace allowed 1 request a minute (plus a burst of 1): the third is refused with Retry-After. */
export const RATE_LIMIT_CASES: Case[] = [1, 2, 3, 4].map((n) => ({
  name: `rate-limited workspace, request ${n}`,
  request: post('/v2/models/1/inference', good, {}, 'limited'),
}));

/** 30 failed authentications a minute per address, then 429 for the address. */
export const AUTH_FAILURE_CASES: Case[] = Array.from({ length: 32 }, (_, n) => ({
  name: `failed authentication ${n + 1}`,
  request: post(ONE, good, { Authorization: `Bearer tc_wrong_${n}_0123456789abcdef` }),
}));
