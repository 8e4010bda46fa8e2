// The HTTP edge under hostile input: content codings, strict path ids, undecodable paths, NUL in model names, media types and name conflicts.
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_KEY, startTestServer, type TestServer } from '../testing/in-process.js';
import { NOWHERE } from '../testing/nowhere.js';

interface Operation {
  operationId: string;
  requestBody?: { content: Record<string, unknown> };
}
interface PathParameter {
  name: string;
  in: string;
  example?: unknown;
}
type PathItem = { parameters?: PathParameter[] } & Record<string, Operation | PathParameter[] | undefined>;

const contract = createRequire(import.meta.url)('@textclass/openapi/openapi.dereferenced.json') as {
  paths: Record<string, PathItem>;
};
const METHODS = ['get', 'post', 'patch', 'delete'] as const;

/** Every operation of the contract with its template and the path its parameters' examples make. */
const OPERATIONS = Object.entries(contract.paths).flatMap(([template, item]) =>
  METHODS.filter((method) => item[method] !== undefined).map((method) => {
    const operation = item[method] as Operation & { parameters?: PathParameter[] };
    const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].filter((p) => p.in === 'path');
    const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      String(parameters.find((p) => p.name === name)?.example),
    );
    return { template, method: method.toUpperCase(), operation, parameters, path };
  }),
);
const JSON_OPERATIONS = OPERATIONS.filter((o) => o.operation.requestBody?.content['application/json'] !== undefined);
const BODY_OPERATIONS = OPERATIONS.filter((o) => o.operation.requestBody !== undefined);
/** A path parameter that is an id (`…_id`, `version`); `/v1/models/{model}` names an encoder by its name instead. */
const isId = (p: PathParameter) => p.name.endsWith('_id') || p.name === 'version';
const WITH_IDS = OPERATIONS.filter((o) => o.parameters.some(isId));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ webhookAllowPrivate: true });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

/** A request with a raw (Buffer or string) body and exact headers, besides the admin key. */
async function send(method: string, path: string, body: Buffer | string | undefined, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${ADMIN_KEY}`, ...headers },
    body: method === 'GET' ? undefined : body,
  });
  const text = await res.text();
  let parsed: any = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

/** The error shape of a path: OpenAI's on the OpenAI-compatible /v1 endpoints, the contract's elsewhere. */
const shapeOf = (path: string) => (path.startsWith('/v1/') ? 'openai' : 'contract');
const messageOf = (res: { body: any }): unknown => res.body.error?.message ?? res.body.message;

function expectError(
  res: { status: number; body: any; headers: Headers },
  status: number,
  code: string,
  shape: 'contract' | 'openai' = 'contract',
) {
  expect(res.status, `${JSON.stringify(res.body)}`).toBe(status);
  if (shape === 'openai') {
    expect(res.body.error).toMatchObject({ code: code.toLowerCase() });
    expect(Object.keys(res.body.error).sort()).toEqual(['code', 'message', 'param', 'type']);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    return;
  }
  expect(res.body).toMatchObject({ status, error_code: code });
  expect(Object.keys(res.body).sort()).toEqual(['error_code', 'message', 'request_id', 'status']);
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'));
}

const modelCount = async () => (await server.call('GET', '/v2/models?status=all&limit=1')).body.total as number;

describe('Content-Encoding on request bodies', () => {
  const INFER = '/v2/models/1/inference';
  const json = JSON.stringify({ texts: ['I was charged twice'] });

  it.each(['br', 'deflate', 'compress', 'x-gzip', 'gzip, gzip', 'zstd'])(
    '"%s" on a JSON body → 400 INVALID_PARAMETER naming Content-Encoding, as uploads answer',
    async (coding) => {
      const res = await send('POST', INFER, json, { 'Content-Type': 'application/json', 'Content-Encoding': coding });
      expectError(res, 400, 'INVALID_PARAMETER');
      expect(res.body.message).toBe(`Content-Encoding: "${coding}" is not supported; send gzip or identity`);
    },
  );

  it('refuses another coding on an example file (text/csv) the same way', async () => {
    const res = await send('POST', '/v2/models/1/examples', 'text,label\nhi,billing\n', {
      'Content-Type': 'text/csv',
      'Content-Encoding': 'br',
    });
    expectError(res, 400, 'INVALID_PARAMETER');
    expect(res.body.message).toMatch(/^Content-Encoding: "br" is not supported/);
  });

  it('still takes identity and real gzip', async () => {
    const identity = await send('POST', INFER, json, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'identity',
    });
    expect(identity.status).toBe(200);
    const zipped = await send('POST', INFER, gzipSync(json), {
      'Content-Type': 'application/json',
      'Content-Encoding': 'GZIP',
    });
    expect(zipped.status, JSON.stringify(zipped.body)).toBe(200);
    expect(zipped.body.predictions).toHaveLength(1);
  });

  it.each(JSON_OPERATIONS.map((o) => [o.operation.operationId, o] as const))(
    'gzip declared over a body that is not gzip → 400 naming the body: %s',
    async (_id, op) => {
      const res = await send(op.method, op.path, json, {
        'Content-Type': 'application/json',
        'Content-Encoding': 'gzip',
      });
      expectError(res, 400, 'INVALID_PARAMETER', shapeOf(op.path));
      expect(messageOf(res)).toBe('body: not valid gzip (Content-Encoding: gzip)');
    },
  );

  it('a truncated gzip body → 400 naming the body; a gzip bomb → 413', async () => {
    const truncated = gzipSync(json).subarray(0, 12);
    const cut = await send('POST', INFER, truncated, {
      'Content-Type': 'application/json',
      'Content-Encoding': 'gzip',
    });
    expectError(cut, 400, 'INVALID_PARAMETER');
    expect(cut.body.message).toMatch(/^body: /);
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await send('POST', INFER, bomb, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    expectError(res, 413, 'PAYLOAD_TOO_LARGE');
  });
});

describe('strict path ids', () => {
  const MALFORMED = [
    '0x10',
    '%2B1',
    '%201',
    '1%20',
    '1e0',
    '01',
    '0',
    '-1',
    '1.0',
    '%31%00',
    '99999999999999999999',
    'ds_01',
    'up_x',
  ];

  it('every path parameter of the contract has a pattern, and an integer one its int32 maximum', () => {
    expect(WITH_IDS.length).toBeGreaterThanOrEqual(20);
    for (const op of WITH_IDS) {
      for (const parameter of op.parameters) {
        const schema = (parameter as PathParameter & { schema: Record<string, unknown> }).schema;
        expect(schema.pattern, `${op.template} {${parameter.name}}`).toEqual(expect.any(String));
        if (schema.type === 'integer') expect(schema.maximum).toBe(2_147_483_647);
      }
    }
  });

  it.each(WITH_IDS.map((o) => [`${o.method} ${o.template}`, o] as const))(
    'a malformed id → 400 INVALID_PARAMETER naming the parameter, in every position: %s',
    async (_name, op) => {
      for (const [index, parameter] of op.parameters.entries()) {
        if (!isId(parameter)) continue;
        for (const bad of MALFORMED) {
          let n = -1;
          const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => {
            n += 1;
            return n === index ? bad : String(op.parameters.find((p) => p.name === name)?.example);
          });
          const res = await send(op.method, path, '{}', { 'Content-Type': 'application/json' });
          expectError(res, 400, 'INVALID_PARAMETER');
          expect(res.body.message, `${op.method} ${path}`).toMatch(new RegExp(`^${parameter.name}: malformed id`));
        }
      }
    },
    60_000,
  );

  it('ids past int32 (or past 18 digits for the bigint ones) are 400 before the database sees them', async () => {
    expectError(
      await server.call('POST', '/v2/models/99999999999999999999/inference', { body: { texts: ['x'] } }),
      400,
      'INVALID_PARAMETER',
    );
    expectError(await server.call('GET', '/v2/models/2147483648'), 400, 'INVALID_PARAMETER');
    expectError(await server.call('GET', '/v2/datasets/ds_2147483648'), 400, 'INVALID_PARAMETER');
    expectError(await server.call('GET', '/v2/datasets/2147483648/records'), 400, 'INVALID_PARAMETER');
    expectError(await server.call('GET', '/v2/models/1/training-jobs/1234567890123456789'), 400, 'INVALID_PARAMETER');
    // The largest ids that fit are well-formed: looked up, and missing.
    expectError(await server.call('GET', '/v2/models/2147483647'), 404, 'NOT_FOUND');
    expectError(await server.call('GET', '/v2/datasets/ds_2147483647'), 404, 'NOT_FOUND');
    expectError(await server.call('GET', '/v2/models/1/training-jobs/123456789012345678'), 404, 'NOT_FOUND');
  });

  it('model ids in bodies past int32 are 400 naming the field, not a database error', async () => {
    const huge = 99_999_999_999;
    const multi = await server.call('POST', '/v2/multi-model/inference', { body: { texts: ['x'], model_ids: [huge] } });
    expectError(multi, 400, 'INVALID_PARAMETER');
    expect(multi.body.message).toMatch(/^model_ids\[0\]: /);
    const settings = await server.call('POST', '/v2/models/inference', {
      body: { texts: ['x'], model_settings: [{ model_id: huge }] },
    });
    expectError(settings, 400, 'INVALID_PARAMETER');
    expect(settings.body.message).toMatch(/^model_settings\[0\]\.model_id: /);
    const dataset = await server.call('POST', '/v2/datasets', {
      body: { name: 'huge ids', columns: [{ name: 'text', type: 'text' }], text_column: 'text', model_ids: [huge] },
    });
    expectError(dataset, 400, 'INVALID_PARAMETER');
    expect(dataset.body.message).toMatch(/^model_ids\[0\]: /);
  });

  it('a lenient id never acts on the real resource: key, webhook and model stay as they were', async () => {
    const key = await server.call('POST', '/v2/api-keys', { body: { name: 'lenient id target', role: 'reader' } });
    expect(key.status).toBe(201);
    for (const form of [`%2B${key.body.id}`, `%20${key.body.id}`, `0${key.body.id}`, `${key.body.id}e0`])
      expectError(await server.call('DELETE', `/v2/api-keys/${form}`), 400, 'INVALID_PARAMETER');
    expect((await server.call('GET', '/v2/models', { key: key.body.key })).status).toBe(200);

    const hook = await server.call('POST', '/v2/webhooks', {
      // An address where nothing listens, created disabled: it is never called.
      body: { url: `${NOWHERE}/textclass`, events: ['classification.completed'], enabled: false },
    });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    for (const form of [`%20${hook.body.id}`, `0x${hook.body.id.toString(16)}`, `%2B${hook.body.id}`])
      expectError(await server.call('DELETE', `/v2/webhooks/${form}`), 400, 'INVALID_PARAMETER');
    expect((await server.call('GET', `/v2/webhooks/${hook.body.id}`)).status).toBe(200);

    expectError(await server.call('GET', '/v2/models/0x1'), 400, 'INVALID_PARAMETER');
    expectError(await server.call('POST', '/v2/models/%2B1/archive'), 400, 'INVALID_PARAMETER');
    expect((await server.call('GET', '/v2/models/1')).body.status).toBe('deployed');
  });

  it('literal paths next to templated ones are not ids', async () => {
    const multi = await server.call('POST', '/v2/models/inference', {
      body: { texts: ['refund please'], model_settings: [{ model_id: 1 }] },
    });
    expect(multi.status).toBe(200);
    expectError(await server.call('GET', '/v2/models/import'), 405, 'METHOD_NOT_ALLOWED');
  });
});

describe('undecodable percent-escapes in the path', () => {
  it.each([
    ['POST', '/v2/models/%ud800/examples'],
    ['POST', '/v2/models/%ud800/evaluations'],
    ['POST', '/v2/models/%C0%80/examples'],
    ['GET', '/v2/datasets/%E0%A4%A/records'],
    ['GET', '/v2/models/1/training-jobs/%ff'],
  ])('%s %s → 400 naming the parameter', async (method, path) => {
    const res = await send(method, path, '{"examples":[]}', { 'Content-Type': 'application/json' });
    expectError(res, 400, 'INVALID_PARAMETER');
    expect(res.body.message).toMatch(/^(model_id|dataset_id|job_id): malformed id/);
  });
});

describe('NUL and lone surrogates in a model name', () => {
  const labels = [{ name: 'a' }, { name: 'b' }];

  it('create refuses them with 400 naming name, and stores nothing', async () => {
    const before = await modelCount();
    for (const name of ['bad\u0000name', '\u0000', 'lone \ud800 surrogate']) {
      const res = await server.call('POST', '/v2/models', { body: { name, type: 'zero-shot', labels } });
      expectError(res, 400, 'INVALID_PARAMETER');
      expect(res.body.message).toMatch(/^name: /);
    }
    expect(await modelCount()).toBe(before);
  });

  it('import refuses them, in the file and in ?name=, and stores nothing', async () => {
    const file = (await server.call('GET', '/v2/models/1/export')).body;
    const before = await modelCount();
    const inFile = await server.call('POST', '/v2/models/import', {
      body: { ...file, model: { ...file.model, name: 'imported\u0000name' } },
    });
    expectError(inFile, 400, 'INVALID_PARAMETER');
    expect(inFile.body.message).toMatch(/^name: /);
    const inQuery = await server.call('POST', '/v2/models/import?name=imported%00name', { body: file });
    expectError(inQuery, 400, 'INVALID_PARAMETER');
    expect(inQuery.body.message).toMatch(/^name: /);
    expect(await modelCount()).toBe(before);
  });
});

describe('media types and name conflicts', () => {
  it.each(BODY_OPERATIONS.map((o) => [o.operation.operationId, o] as const))(
    'text/plain where the operation takes another media type → 415 UNSUPPORTED_MEDIA_TYPE: %s',
    async (_id, op) => {
      const res = await send(op.method, op.path, 'plain words', { 'Content-Type': 'text/plain' });
      expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE', shapeOf(op.path));
      expect(messageOf(res)).toMatch(/^Content-Type: /);
    },
  );

  it('a form body or a charset other than UTF-8 on a JSON operation → 415', async () => {
    const form = await send('POST', '/v2/models/1/inference', 'texts=hello', {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expectError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const latin = await send('POST', '/v2/models/1/inference', '{"texts":["x"]}', {
      'Content-Type': 'application/json; charset=x-unknown-charset',
    });
    expectError(latin, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('a model name already used → 409 CONFLICT naming the field, on create and on import', async () => {
    const first = await server.call('POST', '/v2/models', {
      body: { name: 'Conflicting name', type: 'zero-shot', labels: [{ name: 'a' }, { name: 'b' }] },
    });
    expect(first.status).toBe(201);
    const before = await modelCount();
    const again = await server.call('POST', '/v2/models', {
      body: { name: 'Conflicting name', type: 'zero-shot', labels: [{ name: 'c' }, { name: 'd' }] },
    });
    expectError(again, 409, 'CONFLICT');
    expect(again.body.message).toBe('name: a model named "Conflicting name" already exists');

    const file = (await server.call('GET', '/v2/models/1/export')).body;
    const sameName = await server.call('POST', '/v2/models/import', { body: file });
    expectError(sameName, 409, 'CONFLICT');
    expect(sameName.body.message).toMatch(/^model\.name: a model named ".+" already exists/);
    const renamedOnto = await server.call('POST', '/v2/models/import?name=Conflicting%20name', { body: file });
    expectError(renamedOnto, 409, 'CONFLICT');
    expect(renamedOnto.body.message).toMatch(/^name: /);
    expect(await modelCount()).toBe(before);
  });
});
