// Code samples for the /docs reference: curl, JavaScript with @textclass/client and Python with requests, one set
// per operation, built from the operation's request example (path, required query and header parameters, body).
//
// The samples address `{base_url}`, the contract's server variable; the docs page puts its own origin there.

export const BASE_URL = '{base_url}';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Follows a local `#/components/…` reference of the bundled document (bundles keep only local ones). */
function resolve(spec, value) {
  let current = value;
  for (let depth = 0; current && typeof current.$ref === 'string'; depth++) {
    if (depth > 20 || !current.$ref.startsWith('#/')) throw new Error(`cannot follow the reference ${current.$ref}`);
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((node, key) => (node && Object.hasOwn(node, key) ? node[key] : undefined), spec);
  }
  return current;
}

/** The example of a parameter or media type: `example`, else the first of `examples`, else the schema's. */
function exampleOf(spec, holder) {
  if (holder.example !== undefined) return { found: true, value: holder.example };
  const named = Object.values(holder.examples ?? {}).map((e) => resolve(spec, e));
  const first = named.find((e) => e && e.value !== undefined);
  if (first) return { found: true, value: first.value };
  const schema = resolve(spec, holder.schema);
  if (schema?.example !== undefined) return { found: true, value: schema.example };
  if (Array.isArray(schema?.examples) && schema.examples.length > 0) return { found: true, value: schema.examples[0] };
  return { found: false };
}

/** What a sample sends: the operation's request example, with every part a sample needs. */
export function requestOf(spec, pathName, method, pathItem, operation) {
  const where = `${method.toUpperCase()} ${pathName} (${operation.operationId})`;
  const byKey = new Map();
  for (const p of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
    const parameter = resolve(spec, p);
    byKey.set(`${parameter.in}:${parameter.name}`, parameter);
  }
  const path = [];
  const query = [];
  const headers = [];
  for (const parameter of byKey.values()) {
    if (parameter.in === 'cookie') continue;
    if (parameter.in !== 'path' && !parameter.required) continue;
    const example = exampleOf(spec, parameter);
    if (!example.found) throw new Error(`${where}: the ${parameter.in} parameter ${parameter.name} has no example`);
    const target = parameter.in === 'path' ? path : parameter.in === 'query' ? query : headers;
    target.push([parameter.name, example.value]);
  }
  let body;
  const requestBody = resolve(spec, operation.requestBody);
  if (requestBody) {
    const types = Object.keys(requestBody.content ?? {});
    const mediaType = types.includes('application/json') ? 'application/json' : types[0];
    const example = mediaType ? exampleOf(spec, requestBody.content[mediaType]) : { found: false };
    if (example.found) body = { mediaType, value: example.value };
    else if (requestBody.required) throw new Error(`${where}: the request body has no example`);
  }
  const security = operation.security ?? spec.security ?? [];
  const authenticated = security.some((requirement) => Object.keys(requirement).length > 0);
  let url = pathName;
  for (const [name, value] of path) url = url.replace(`{${name}}`, encodeURIComponent(String(value)));
  if (url.includes('{')) throw new Error(`${where}: a path parameter has no definition`);
  return { method, pathName, url, path, query, headers, body, authenticated };
}

const isJson = (body) => body.mediaType === 'application/json' || /\+json$/.test(body.mediaType);
const queryString = (query) =>
  query.length === 0 ? '' : `?${new URLSearchParams(query.map(([k, v]) => [k, String(v)])).toString()}`;
const singleQuoted = (text) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A curl command line; a body goes in through a quoted here-document, so it needs no escaping. */
export function curlSample(request) {
  const lines = [];
  const verb = request.method.toUpperCase();
  const first = `curl${verb === 'GET' ? '' : ` -X ${verb}`} "${BASE_URL}${request.url}${queryString(request.query)}"`;
  lines.push(first);
  if (request.authenticated) lines.push('-H "Authorization: Bearer $TEXTCLASS_API_KEY"');
  for (const [name, value] of request.headers) lines.push(`-H ${singleQuoted(`${name}: ${value}`)}`);
  if (!request.body) return lines.join(' \\\n  ');
  lines.push(`-H ${singleQuoted(`Content-Type: ${request.body.mediaType}`)}`);
  lines.push('--data-binary @-');
  const text = isJson(request.body) ? JSON.stringify(request.body.value, null, 2) : String(request.body.value);
  let marker = 'EOF';
  while (text.split('\n').includes(marker)) marker += '_';
  return `${lines.join(' \\\n  ')} <<'${marker}'\n${text.replace(/\n$/, '')}\n${marker}`;
}

/**
 * A JSON value as source code in a language's spelling: on one line when it is short, else one entry a line with a
 * trailing comma (as Prettier and Black write it).
 */
function literal(value, depth, spell) {
  const flat = spell.inline(value);
  if (flat.length <= 72 || value === null || typeof value !== 'object') return flat;
  const pad = spell.indent.repeat(depth + 1);
  const end = spell.indent.repeat(depth);
  const items = Array.isArray(value)
    ? value.map((v) => `${pad}${literal(v, depth + 1, spell)},`)
    : Object.entries(value).map(([k, v]) => `${pad}${spell.key(k)}: ${literal(v, depth + 1, spell)},`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return items.length === 0 ? `${open}${close}` : `${open}\n${items.join('\n')}\n${end}${close}`;
}

const JS_SPELLING = {
  indent: '  ',
  key: (k) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)),
  inline(value) {
    if (value === null || typeof value !== 'object') return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map((v) => JS_SPELLING.inline(v)).join(', ')}]`;
    const entries = Object.entries(value).map(([k, v]) => `${JS_SPELLING.key(k)}: ${JS_SPELLING.inline(v)}`);
    return entries.length === 0 ? '{}' : `{ ${entries.join(', ')} }`;
  },
};

/** JSON's strings are Python strings; null, true and false are spelt differently. */
const PYTHON_SPELLING = {
  indent: '    ',
  key: (k) => JSON.stringify(k),
  inline(value) {
    if (value === null) return 'None';
    if (value === true) return 'True';
    if (value === false) return 'False';
    if (typeof value !== 'object') return JSON.stringify(value);
    if (Array.isArray(value)) return `[${value.map((v) => PYTHON_SPELLING.inline(v)).join(', ')}]`;
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${PYTHON_SPELLING.inline(v)}`)
      .join(', ')}}`;
  },
};

const jsLiteral = (value, depth) => literal(value, depth, JS_SPELLING);
const pythonLiteral = (value, depth) => literal(value, depth, PYTHON_SPELLING);

/** A program that makes the call with the typed client (`@textclass/client`) and prints what came back. */
export function javascriptSample(request) {
  const options = [];
  const params = [];
  if (request.path.length > 0) params.push(`path: ${jsLiteral(Object.fromEntries(request.path), 2)}`);
  if (request.query.length > 0) params.push(`query: ${jsLiteral(Object.fromEntries(request.query), 2)}`);
  if (request.headers.length > 0) params.push(`header: ${jsLiteral(Object.fromEntries(request.headers), 2)}`);
  if (params.length > 0) options.push(`params: {\n    ${params.join(',\n    ')},\n  }`);
  if (request.body && isJson(request.body)) options.push(`body: ${jsLiteral(request.body.value, 1)}`);
  else if (request.body) {
    options.push(`body: ${JSON.stringify(request.body.value)}`);
    options.push('bodySerializer: (body) => body');
    options.push(`headers: { 'Content-Type': '${request.body.mediaType}' }`);
  }
  const call = `client.${request.method.toUpperCase()}('${request.pathName}'${
    options.length > 0 ? `, {\n  ${options.join(',\n  ')},\n}` : ''
  })`;
  return [
    "import { createTextclassClient } from '@textclass/client';",
    '',
    `const client = createTextclassClient({ baseUrl: '${BASE_URL}', apiKey: process.env.TEXTCLASS_API_KEY ?? '' });`,
    `const { data, error, response } = await ${call};`,
    'console.log(response.status, error ?? data);',
  ].join('\n');
}

/** A script that makes the call with `requests` and prints the status and the body. */
export function pythonSample(request) {
  const headers = [];
  if (request.authenticated) headers.push(`"Authorization": "Bearer " + os.environ["TEXTCLASS_API_KEY"]`);
  for (const [name, value] of request.headers)
    headers.push(`${JSON.stringify(name)}: ${JSON.stringify(String(value))}`);
  if (request.body && !isJson(request.body)) headers.push(`"Content-Type": ${JSON.stringify(request.body.mediaType)}`);
  const args = [JSON.stringify(`${BASE_URL}${request.url}`)];
  if (headers.length > 0) args.push(`headers={${headers.join(', ')}}`);
  if (request.query.length > 0) args.push(`params=${pythonLiteral(Object.fromEntries(request.query), 1)}`);
  if (request.body && isJson(request.body)) args.push(`json=${pythonLiteral(request.body.value, 1)}`);
  else if (request.body) args.push(`data=${JSON.stringify(String(request.body.value))}.encode("utf-8")`);
  return [
    ...(request.authenticated ? ['import os', ''] : []),
    'import requests',
    '',
    `response = requests.${request.method}(\n    ${args.join(',\n    ')},\n)`,
    'print(response.status_code, response.text)',
  ].join('\n');
}

/** The three samples of one operation, in RapiDoc's (and Redoc's) `x-codeSamples` form. */
export function codeSamplesFor(request) {
  return [
    { lang: 'Shell', label: 'curl', source: curlSample(request) },
    { lang: 'JavaScript', label: 'JavaScript', source: javascriptSample(request) },
    { lang: 'Python', label: 'Python', source: pythonSample(request) },
  ];
}

/** A copy of the bundled document with `x-codeSamples` on every operation of its paths. */
export function withCodeSamples(spec) {
  const copy = structuredClone(spec);
  for (const [pathName, rawItem] of Object.entries(copy.paths ?? {})) {
    const pathItem = resolve(copy, rawItem);
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      operation['x-codeSamples'] = codeSamplesFor(requestOf(copy, pathName, method, pathItem, operation));
    }
  }
  return copy;
}
