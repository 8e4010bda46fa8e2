// Dredd hooks: authenticate, make 4xx transactions real (or skip them with a reason), check every body with Ajv 2020.
const hooks = require('hooks');
const { readFileSync } = require('node:fs');
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;

const contract = JSON.parse(readFileSync(process.env.TEXTCLASS_CONTRACT_DEREFERENCED, 'utf8'));
const apiKey = process.env.TEXTCLASS_CONTRACT_API_KEY;
const readerKey = process.env.TEXTCLASS_CONTRACT_READER_KEY;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);

/**
 * An address on this machine where nothing listens (port 9, discard; the server allows private targets in this run).
 * The same as test/testing/nowhere.ts, which this CommonJS file cannot import.
 */
const NOWHERE = 'http://127.0.0.1:9';
const NOWHERE_WEBHOOK_URL = `${NOWHERE}/textclass`;
/** Why a documented status cannot be provoked by a well-behaved client in this run. */
const UNREACHABLE = {
  403: 'operations that a reader may do cannot be forbidden; every other 403 is made real with a reader key',
  409: 'a dataset is processing only while an upload ingests, too briefly to aim at; covered by core tests and test/http/uploads.test.ts (model state conflicts are made real below)',
  408: 'a body is closed only after no bytes for TEXTCLASS_BODY_IDLE_TIMEOUT_MS (60 s); test/http/slow-uploads.test.ts covers it',
  429: 'the bootstrap workspace allows 6,000 requests a minute; the limiter is covered by unit and HTTP tests',
  500: 'an internal error cannot be provoked from outside by design; the mapper is covered by unit tests',
  503: 'encoders are warm before the run starts; readiness is covered by unit tests',
};

function templatePath(transaction) {
  return transaction.origin.resourceName.replace(/\?.*$/, '');
}

/** Dredd sends `fullPath`; keep `request.uri` in step with it. */
function setPath(transaction, path) {
  transaction.fullPath = path;
  transaction.request.uri = path;
}

function pathWithId(transaction, replacement) {
  return transaction.fullPath.replace(/\/(ds_)?\d+(?=\/|$|\?)/, `/${replacement}`);
}

/** The multi-model bodies name their models in the body: point them at a model that does not exist. */
function withMissingModel(raw) {
  const body = JSON.parse(raw);
  if (Array.isArray(body.model_ids)) body.model_ids = [999999];
  if (Array.isArray(body.model_settings)) body.model_settings = [{ model_id: 999999 }];
  return JSON.stringify(body);
}

/** The embeddings bodies name their encoder (`encoder`, or OpenAI's `model`): name one the server does not have. */
function withMissingEncoder(raw) {
  const body = JSON.parse(raw);
  body['model' in body ? 'model' : 'encoder'] = 'no-such-encoder';
  return JSON.stringify(body);
}

function responseSchema(transaction) {
  const operation = contract.paths[templatePath(transaction)]?.[transaction.request.method.toLowerCase()];
  const response = operation?.responses?.[String(transaction.expected.statusCode)];
  return response?.content?.['application/json']?.schema;
}

/**
 * An export is CSV or JSON Lines, not JSON: a CSV starts with its documented header (record_id, created_at, …); every
 * JSON Lines line is a Record as listDatasetRecords documents it. Undefined when the body is as documented.
 */
function exportBodyProblem(transaction) {
  const body = String(transaction.real.body ?? '');
  const type = transaction.real.headers['content-type'] ?? '';
  if (type.startsWith('text/csv'))
    return body.startsWith('record_id,created_at,')
      ? undefined
      : `CSV export without its header row: ${body.slice(0, 80)}`;
  const records = contract.paths['/v2/datasets/{dataset_id}/records'].get.responses['200'].content['application/json'];
  const validate = ajv.compile(records.schema.properties.data.items);
  const lines = body.split('\n').filter((line) => line !== '');
  if (lines.length === 0) return 'JSON Lines export without a record';
  for (const line of lines) {
    let record;
    try {
      record = JSON.parse(line);
    } catch {
      return `JSON Lines export line is not JSON: ${line.slice(0, 80)}`;
    }
    if (!validate(record)) return `JSON Lines export record does not match Record: ${ajv.errorsText(validate.errors)}`;
  }
  return undefined;
}

/** The least role an operation needs, as its description states ("Needs the `admin` role."). */
function leastRole(transaction) {
  const operation = contract.paths[templatePath(transaction)]?.[transaction.request.method.toLowerCase()];
  return /Needs the `(\w+)` role/.exec(operation?.description ?? '')?.[1];
}

/** Revoking the example's key id would revoke a key this run relies on: revoke a key made for it instead. */
async function keyToRevoke(transaction) {
  const response = await fetch(`${transaction.protocol}//${transaction.host}:${transaction.port}/v2/api-keys`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'dredd: to revoke', role: 'reader' }),
  });
  if (response.status !== 201) throw new Error(`could not create a key to revoke: ${response.status}`);
  return (await response.json()).id;
}

/** A webhook endpoint made for a destructive transaction (delete), so the example's id 1 stays for the others. */
async function webhookToDelete(transaction) {
  const response = await fetch(`${transaction.protocol}//${transaction.host}:${transaction.port}/v2/webhooks`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: NOWHERE_WEBHOOK_URL, events: ['classification.completed'], enabled: false }),
  });
  if (response.status !== 201) throw new Error(`could not create a webhook to delete: ${response.status}`);
  return (await response.json()).id;
}

/** Webhook transactions that need a rewrite or a stated skip; true when handled (done is called). */
function webhookTransaction(transaction, status, done) {
  const template = templatePath(transaction);
  if (template === '/v2/webhooks' && status === 201) {
    // The example's host does not resolve offline; an address on this machine passes the URL check here, and disabled it is never called.
    transaction.request.body = JSON.stringify({
      ...JSON.parse(transaction.request.body),
      url: NOWHERE_WEBHOOK_URL,
      enabled: false,
    });
    done();
    return true;
  }
  if (template === '/v2/webhooks/{webhook_id}' && status === 204) {
    webhookToDelete(transaction).then(
      (id) => {
        setPath(transaction, pathWithId(transaction, String(id)));
        done();
      },
      (err) => {
        transaction.fail = String(err);
        done();
      },
    );
    return true;
  }
  if (template.endsWith('/redeliver') && status === 202) {
    transaction.skip = true;
    hooks.log(
      `skip ${transaction.name}: a delivery exists only once a record was classified for an enabled endpoint with a reachable receiver; test/http/webhooks.test.ts covers redelivery`,
    );
    done();
    return true;
  }
  return false;
}

/** A connector body the run can store: the demo dataset ds_1, an address where nothing listens, and disabled (never called). */
function runnableConnector(raw) {
  return JSON.stringify({
    ...JSON.parse(raw),
    base_url: NOWHERE,
    dataset_id: 1,
    field_mapping: { columns: { text: 'description' } },
    write_back: { enabled: false },
    enabled: false,
  });
}

/** A connector made for a destructive transaction (delete), so the example's id 1 stays for the others. */
async function connectorToDelete(transaction) {
  const response = await fetch(`${transaction.protocol}//${transaction.host}:${transaction.port}/v2/connectors`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    body: runnableConnector(
      JSON.stringify({
        type: 'zendesk',
        name: 'dredd: to delete',
        interval_seconds: 3600,
        credentials: { email: 'agent@example.com', api_token: 'dredd' },
      }),
    ),
  });
  if (response.status !== 201) throw new Error(`could not create a connector to delete: ${response.status}`);
  return (await response.json()).id;
}

/** Connector transactions that need a rewrite; true when handled (done is called). */
function connectorTransaction(transaction, status, done) {
  const template = templatePath(transaction);
  if (template === '/v2/connectors' && transaction.request.method === 'POST' && (status === 201 || status === 404)) {
    transaction.request.body = runnableConnector(transaction.request.body);
    if (status === 404)
      transaction.request.body = JSON.stringify({ ...JSON.parse(transaction.request.body), dataset_id: 999999 });
    done();
    return true;
  }
  if (template === '/v2/connectors/{connector_id}' && status === 204) {
    connectorToDelete(transaction).then(
      (id) => {
        setPath(transaction, pathWithId(transaction, String(id)));
        done();
      },
      (err) => {
        transaction.fail = String(err);
        done();
      },
    );
    return true;
  }
  return false;
}

/** Waits until the dataset is ready again, so one upload transaction never meets the previous one still ingesting. */
async function datasetReady(transaction, key) {
  for (;;) {
    const response = await fetch(
      `${transaction.protocol}//${transaction.host}:${transaction.port}/v2/datasets/${key}`,
      { headers: { Authorization: `Bearer ${apiKey}` } },
    );
    if ((await response.json()).status === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Upload transactions (CSV or JSON Lines bodies, not JSON); true when handled (done is called). */
function uploadTransaction(transaction, status, done) {
  if (templatePath(transaction) !== '/v2/datasets/{dataset_id}/uploads' || transaction.request.method !== 'POST')
    return false;
  if (status === 400) transaction.request.headers['Content-Encoding'] = 'br';
  // The Dredd server runs with TEXTCLASS_UPLOAD_MAX_BYTES=2 MiB (dredd.test.ts).
  else if (status === 413) transaction.request.body = `text\n${'x'.repeat(2 * 1024 * 1024 + 10)}\n`;
  else if (status === 202) {
    datasetReady(transaction, 'ds_1').then(
      () => done(),
      (err) => {
        transaction.fail = String(err);
        done();
      },
    );
    return true;
  } else return false;
  done();
  return true;
}

/** JSON request to the server under test with the admin key; throws unless the status is the expected one. */
async function api(transaction, method, path, body, expected) {
  const response = await fetch(`${transaction.protocol}//${transaction.host}:${transaction.port}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (expected !== undefined && response.status !== expected)
    throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
  return text === '' ? undefined : JSON.parse(text);
}

async function trainingDone(transaction, modelId, jobId) {
  for (;;) {
    const job = await api(transaction, 'GET', `/v2/models/${modelId}/training-jobs/${jobId}`, undefined, 200);
    if (job.status === 'succeeded') return job;
    if (job.status === 'failed') throw new Error(`fixture training failed: ${job.error}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const FIXTURE_EXAMPLES = [
  ['I was charged twice, give my money back', 'refund'],
  ['please refund my last payment', 'refund'],
  ['I want a refund for the broken kettle', 'refund'],
  ['why is my invoice higher this month', 'billing'],
  ['update the VAT number on my bill', 'billing'],
  ['which card do you charge each month', 'billing'],
  ['where is my parcel', 'shipping'],
  ['the delivery is two weeks late', 'shipping'],
  ['can you ship to Norway', 'shipping'],
].map(([text, label]) => ({ text, label }));

let fixture;
let reviewRecords = 0;
/** A fine-tuned model with the labels of the contract's examples, trained twice (versions 1 and 2), version 2 deployed over 1. */
function trainedFixture(transaction) {
  fixture ??= (async () => {
    const model = await api(
      transaction,
      'POST',
      '/v2/models',
      {
        name: 'dredd: fine-tuned fixture',
        type: 'fine-tuned',
        labels: [{ name: 'refund' }, { name: 'billing' }, { name: 'shipping' }],
      },
      201,
    );
    await api(transaction, 'POST', `/v2/models/${model.id}/examples`, { examples: FIXTURE_EXAMPLES }, 201);
    const first = await api(transaction, 'POST', `/v2/models/${model.id}/training-jobs`, { holdout_fraction: 0 }, 202);
    await trainingDone(transaction, model.id, first.id);
    const second = await api(
      transaction,
      'POST',
      `/v2/models/${model.id}/training-jobs`,
      { holdout_fraction: 0, seed: 2 },
      202,
    );
    await trainingDone(transaction, model.id, second.id);
    return { id: model.id, jobId: first.id };
  })();
  return fixture;
}

/** A zero-shot model that was never deployed: a real 409 for inference, archive and rollback. */
async function undeployedModel(transaction) {
  const model = await api(
    transaction,
    'POST',
    '/v2/models',
    { name: `dredd: undeployed ${transaction.id}`, type: 'zero-shot', labels: [{ name: 'a' }, { name: 'b' }] },
    201,
  );
  return model.id;
}

let exampleModels = 0;
/** A new fine-tuned model with the fixture's examples (never trained): the ids of its first two examples. */
async function exampleFixture(transaction) {
  const model = await api(
    transaction,
    'POST',
    '/v2/models',
    {
      name: `dredd: examples ${++exampleModels}`,
      type: 'fine-tuned',
      labels: [{ name: 'refund' }, { name: 'billing' }, { name: 'shipping' }],
      examples: FIXTURE_EXAMPLES,
    },
    201,
  );
  const page = await api(transaction, 'GET', `/v2/models/${model.id}/examples?limit=2`, undefined, 200);
  return { id: model.id, first: page.data[0], second: page.data[1] };
}

const LIFECYCLE =
  /^\/v2\/models\/\{model_id\}\/(examples|training-jobs|training-jobs\/\{job_id\}|versions|versions\/\{version\}\/(?:audit|held-out)|evaluations|suggestions|deploy|rollback|export|archive)$/;

/** Model lifecycle transactions: point them at fixtures made for them; true when handled (done is called). */
function modelTransaction(transaction, status, done) {
  const template = templatePath(transaction);
  const finish = (work) =>
    work.then(
      () => done(),
      (err) => {
        transaction.fail = String(err);
        done();
      },
    );
  const method = transaction.request.method;
  const contentType = transaction.request.headers['Content-Type'] || '';
  if (/^(text\/csv|application\/x-ndjson)/.test(contentType) && !transaction.request.body) {
    // Dredd sends no body for a file media type: send the contract's own example file.
    const examples = contract.paths[template]?.post?.requestBody?.content?.[contentType]?.examples ?? {};
    transaction.request.body = Object.values(examples)[0]?.value ?? '';
  }
  if (template === '/v2/models/import' && status === 413) {
    transaction.request.body = JSON.stringify({
      format: 'textclass.model',
      padding: 'x'.repeat(32 * 1024 * 1024 + 10),
    });
    done();
    return true;
  }
  if (template === '/v2/models/{model_id}' && method === 'DELETE' && status === 204) {
    finish(undeployedModel(transaction).then((id) => setPath(transaction, pathWithId(transaction, String(id)))));
    return true;
  }
  if (template === '/v2/models/{model_id}/examples/{example_id}' && [200, 204, 409].includes(status)) {
    // An example of a model made for the transaction; for 409 the new text is the second example's.
    finish(
      exampleFixture(transaction).then(({ id, first, second }) => {
        setPath(transaction, `/v2/models/${id}/examples/${first.id}`);
        if (status === 409) transaction.request.body = JSON.stringify({ text: second.text });
      }),
    );
    return true;
  }
  if (template === '/v2/models/{model_id}' && method === 'PATCH' && (status === 200 || status === 409)) {
    // A model made for the transaction (the demo models stay as they are); for 409 the demo model 1's name.
    finish(
      Promise.all([undeployedModel(transaction), api(transaction, 'GET', '/v2/models/1', undefined, 200)]).then(
        ([id, demo]) => {
          setPath(transaction, pathWithId(transaction, String(id)));
          if (status === 409) transaction.request.body = JSON.stringify({ name: demo.name });
        },
      ),
    );
    return true;
  }
  if ((template === '/v2/models' || template === '/v2/models/import') && method === 'POST' && status === 409) {
    // A name the workspace already uses: the demo model 1's (its export file carries it too).
    finish(
      api(transaction, 'GET', '/v2/models/1/export', undefined, 200).then((file) => {
        transaction.request.body = JSON.stringify(
          template === '/v2/models/import'
            ? file
            : { name: file.model.name, type: 'zero-shot', labels: [{ name: 'a' }, { name: 'b' }] },
        );
      }),
    );
    return true;
  }
  if (template === '/v2/models/import' && status === 201) {
    finish(
      api(transaction, 'GET', '/v2/models/1/export', undefined, 200).then((file) => {
        transaction.request.body = JSON.stringify(file);
      }),
    );
    return true;
  }
  if (status === 409 && (/inference$/.test(template) || /\/(archive|rollback)$/.test(template))) {
    finish(
      undeployedModel(transaction).then((id) => {
        if (template.includes('{model_id}')) setPath(transaction, pathWithId(transaction, String(id)));
        else {
          const body = JSON.parse(transaction.request.body);
          if (Array.isArray(body.model_ids)) body.model_ids = [id];
          if (Array.isArray(body.model_settings)) body.model_settings = [{ model_id: id }];
          transaction.request.body = JSON.stringify(body);
        }
      }),
    );
    return true;
  }
  if (template === '/v2/models/{model_id}/review/{record_id}' && (status === 200 || status === 409)) {
    // A new record of the demo dataset, answered by the fine-tuned fixture (whose labels the example's is one of);
    // for 409 it is first answered with another label.
    finish(
      Promise.all([
        trainedFixture(transaction),
        api(transaction, 'POST', '/v2/datasets/ds_1/records', { text: `dredd: review ${++reviewRecords}` }),
      ]).then(async ([{ id }, record]) => {
        setPath(transaction, `/v2/models/${id}/review/${record.id}`);
        const other = JSON.parse(transaction.request.body).label === 'refund' ? 'billing' : 'refund';
        if (status === 409)
          await api(transaction, 'POST', `/v2/models/${id}/review/${record.id}`, { label: other }, 200);
      }),
    );
    return true;
  }
  if (!LIFECYCLE.test(template)) return false;
  if (status === 413) {
    // Example and export files may be up to 32 MiB.
    transaction.request.headers['Content-Type'] = 'application/json';
    transaction.request.body = JSON.stringify({
      examples: [{ text: 'x'.repeat(32 * 1024 * 1024 + 10), label: 'refund' }],
    });
    done();
    return true;
  }
  if (status < 200 || status >= 300) return false;
  finish(
    trainedFixture(transaction).then(async ({ id, jobId }) => {
      setPath(
        transaction,
        pathWithId(transaction, String(id)).replace(/\/training-jobs\/\d+/, `/training-jobs/${jobId}`),
      );
      if (transaction.request.body && /"dataset_id"/.test(transaction.request.body)) {
        // The demo dataset has no labelled column; the inline form of the same request is used instead.
        transaction.request.body = JSON.stringify({ examples: FIXTURE_EXAMPLES.slice(0, 3) });
      }
      if (template.endsWith('/rollback')) {
        await api(transaction, 'POST', `/v2/models/${id}/deploy`, { version: 1 }, 200);
        await api(transaction, 'POST', `/v2/models/${id}/deploy`, { version: 2 }, 200);
      }
      if (template.endsWith('/archive')) await api(transaction, 'POST', `/v2/models/${id}/deploy`, {}, 200);
    }),
  );
  return true;
}

hooks.beforeEach((transaction, done) => {
  const status = Number(transaction.expected.statusCode);
  const isPublic = templatePath(transaction).startsWith('/health');
  if (!isPublic) transaction.request.headers.Authorization = `Bearer ${apiKey}`;
  if (status === 200 && templatePath(transaction) === '/v2/api-keys/{key_id}') {
    keyToRevoke(transaction).then(
      (id) => {
        setPath(transaction, pathWithId(transaction, String(id)));
        done();
      },
      (err) => {
        transaction.fail = String(err);
        done();
      },
    );
    return;
  }
  if (webhookTransaction(transaction, status, done)) return;
  if (connectorTransaction(transaction, status, done)) return;
  if (modelTransaction(transaction, status, done)) return;
  if (uploadTransaction(transaction, status, done)) return;
  if (status === 200 && templatePath(transaction) === '/v2/datasets/{dataset_id}/export') {
    // One transaction per documented type; the query example names csv, so the JSON Lines one asks for jsonl.
    const format = /x-ndjson/.test(transaction.expected.headers['Content-Type'] ?? '') ? 'jsonl' : 'csv';
    setPath(transaction, transaction.fullPath.replace(/format=\w+/, `format=${format}`));
    return done();
  }
  if (status === 200 || status === 201) return done();
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(transaction.request.method) && Boolean(transaction.request.body);
  switch (status) {
    case 400:
      if (hasBody) transaction.request.body = '{"texts": ';
      else
        setPath(
          transaction,
          transaction.fullPath.replace(/([?&])limit=\d+/, '$1limit=0') +
            (/[?&]limit=/.test(transaction.fullPath) ? '' : `${transaction.fullPath.includes('?') ? '&' : '?'}limit=0`),
        );
      break;
    case 401:
      // The server runs with an allowance of failed authentications above the contract's 401s
      // (TEXTCLASS_AUTH_FAILURES_PER_MINUTE in dredd.test.ts), so each of them is a 401, never the 429 past it.
      transaction.request.headers.Authorization = 'Bearer tc_not_a_real_key_000000000000';
      break;
    case 403:
      // Every operation that needs more than `reader` (its description says which role) is a real 403 with a reader key.
      if (leastRole(transaction) !== 'reader' && readerKey)
        transaction.request.headers.Authorization = `Bearer ${readerKey}`;
      else transaction.skip = true;
      break;
    case 404:
      if (/\{(model_id|dataset_id|key_id|webhook_id|connector_id)\}/.test(templatePath(transaction)))
        setPath(transaction, pathWithId(transaction, '999999'));
      else if (hasBody && /inference$/.test(templatePath(transaction)))
        transaction.request.body = withMissingModel(transaction.request.body);
      else if (hasBody && /\/embeddings$/.test(templatePath(transaction)))
        transaction.request.body = withMissingEncoder(transaction.request.body);
      else transaction.skip = true;
      break;
    case 413:
      transaction.request.body = JSON.stringify({ texts: ['x'.repeat(1024 * 1024 + 10)] });
      break;
    case 415:
      // Every operation with a body takes JSON (or CSV / JSON Lines files), never plain text.
      transaction.request.headers['Content-Type'] = 'text/plain';
      transaction.request.body = transaction.request.body || 'plain words';
      break;
    default:
      transaction.skip = true;
  }
  if (transaction.skip) hooks.log(`skip ${transaction.name}: ${UNREACHABLE[status] || 'not reachable from a client'}`);
  done();
});

hooks.beforeEachValidation((transaction, done) => {
  // Bodies are checked against the schema by Ajv below, not against the example's values.
  if (transaction.expected) {
    delete transaction.expected.body;
    delete transaction.expected.bodySchema;
  }
  const headers = transaction.real && transaction.real.headers;
  if (headers && headers['content-type'])
    headers['content-type'] = headers['content-type'].replace(/;\s*charset=utf-8$/i, '');
  done();
});

hooks.afterEach((transaction, done) => {
  if (transaction.skip || !transaction.real) return done();
  if (Number(transaction.real.statusCode) === 204) {
    if (!transaction.real.headers['x-request-id']) transaction.fail = 'response has no X-Request-Id header';
    return done();
  }
  if (templatePath(transaction) === '/v2/datasets/{dataset_id}/export' && transaction.real.statusCode === 200) {
    transaction.fail = exportBodyProblem(transaction);
    return done();
  }
  const schema = responseSchema(transaction);
  if (!schema) {
    transaction.fail = `no JSON schema documented for ${transaction.name}`;
    return done();
  }
  let body;
  try {
    body = JSON.parse(transaction.real.body);
  } catch {
    transaction.fail = `response body is not JSON: ${String(transaction.real.body).slice(0, 200)}`;
    return done();
  }
  const validate = ajv.compile(schema);
  if (!validate(body)) {
    transaction.fail = `response body does not match the contract: ${ajv.errorsText(validate.errors)}`;
  }
  const requestId = transaction.real.headers['x-request-id'];
  if (!requestId) transaction.fail = 'response has no X-Request-Id header';
  if (body && body.request_id !== undefined && body.request_id !== requestId)
    transaction.fail = 'request_id differs from X-Request-Id';
  done();
});
