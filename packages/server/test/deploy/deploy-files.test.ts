// The container files as CI can check them without a container engine: deploy/compose.yaml against the compose-spec
// schema and the server (settings, contract, ports, volumes), the Dockerfile's structure (issue 15). Each rule is also
// shown to fail on a file that breaks it. deploy/container/ builds, runs and checks both for real with podman.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/app/config/load-config.js';
import { SERVER_SETTINGS } from '../../src/app/config/settings.js';
import { crossCheckProblems, parseCompose, proxyProblems, schemaProblems, type Compose } from './compose-checks.js';
import { dockerfileProblems, execForm, parseDockerfile, stageEnv, workspaceProblems } from './dockerfile-checks.js';

const repo = (file: string) => fileURLToPath(new URL(`../../../../${file}`, import.meta.url));
const composeText = readFileSync(repo('deploy/compose.yaml'), 'utf8');
const dockerfileText = readFileSync(repo('Dockerfile'), 'utf8');

const settings = new Set(SERVER_SETTINGS.map((setting) => setting.env));
const contract = JSON.parse(readFileSync(repo('openapi/generated/openapi.json'), 'utf8')) as {
  paths: Record<string, { get?: unknown }>;
};
const getPaths = new Set(Object.entries(contract.paths).flatMap(([p, item]) => (item.get ? [p] : [])));
const secrets = {
  POSTGRES_PASSWORD: 'pg-secret',
  REDIS_PASSWORD: 'redis-secret',
  TEXTCLASS_API_KEY: 'tc_0123456789abcdefghijkl',
};
const dockerfile = parseDockerfile(dockerfileText);
const finalStage = dockerfile.stages.at(-1)!;
const healthcheck = finalStage.instructions.find((i) => i.getKeyword() === 'HEALTHCHECK')!;
const expectations = {
  settings,
  getPaths,
  imageProbe: execForm(healthcheck)!.at(-1)!,
  imagePort: stageEnv(finalStage).get('PORT')!,
  dir: repo('deploy'),
  readyPath: '/health/ready',
  uploadMaxBytes: (env: Record<string, string>) => loadConfig(env).uploadMaxBytes,
};
/** The workspace folders (root package.json), and those the server depends on that a build turns into dist/. */
const manifest = (dir: string) =>
  JSON.parse(readFileSync(repo(`${dir}/package.json`), 'utf8')) as {
    name: string;
    scripts?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
const workspaceDirs = (manifest('.') as unknown as { workspaces: string[] }).workspaces.flatMap((pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(repo(pattern.slice(0, -2)))
        .map((name) => `${pattern.slice(0, -2)}/${name}`)
        .filter((dir) => existsSync(repo(`${dir}/package.json`)))
    : [pattern],
);
const workspace = {
  dirs: workspaceDirs,
  builtDependencies: workspaceDirs.filter(
    (dir) =>
      manifest(dir).scripts?.build !== undefined &&
      Object.keys(manifest('packages/server').dependencies ?? {}).includes(manifest(dir).name),
  ),
};
const compose = parseCompose(composeText, secrets);
const problems = (c: Compose) => [
  ...schemaProblems(c),
  ...crossCheckProblems(c, expectations),
  ...proxyProblems(c, expectations),
];
const mutated = (change: (c: Compose) => void) => {
  const copy = structuredClone(compose);
  change(copy);
  return problems(copy);
};

describe('the settings the checks compare against', () => {
  it('are the configuration read by the server', () => {
    for (const name of ['PORT', 'HOST', 'DATABASE_URL', 'REDIS_URL', 'TEXTCLASS_API_KEY', 'TEXTCLASS_DATA_DIR'])
      expect(settings).toContain(name);
    expect(getPaths).toContain(expectations.readyPath);
    expect(getPaths).toContain('/health/live');
    expect(loadConfig({}).uploadMaxBytes).toBe(1024 ** 3);
  });
});

describe('deploy/compose.yaml', () => {
  it('is valid compose and consistent with the server, the contract and the Dockerfile', () => {
    expect(problems(compose)).toEqual([]);
  });

  it('refuses to start without its secrets', () => {
    expect(() => parseCompose(composeText, { ...secrets, POSTGRES_PASSWORD: undefined })).toThrow(/POSTGRES_PASSWORD/);
  });

  it('gives every replica a configuration the server accepts', () => {
    for (const name of ['textclass-1', 'textclass-2']) {
      const env = compose.services[name]!.environment as Record<string, string>;
      const config = loadConfig(env);
      expect(config.databaseUrl).toMatch(/@postgres:5432\/textclass$/);
      expect(config.redisUrl).toBe('redis://:redis-secret@redis:6379');
    }
    expect(loadConfig(compose.services['textclass-2']!.environment as Record<string, string>).seedDemo).toBe(false);
  });

  it('fails each check on a file that breaks it', () => {
    expect(mutated((c) => ((c.services.redis as Record<string, unknown>).enviroment = {}))).toEqual([
      expect.stringContaining(
        '/services/redis must NOT have additional properties {"additionalProperty":"enviroment"}',
      ),
    ]);
    expect(mutated((c) => (c.services.nginx!.depends_on = { 'textclass-1': { condition: 'service_ready' } }))).toEqual(
      expect.arrayContaining([expect.stringContaining('/services/nginx/depends_on/textclass-1/condition')]),
    );
    expect(mutated((c) => (c.services['textclass-2']!.environment = { TEXTCLASS_PORT: '8080' }))).toContain(
      'textclass-2: TEXTCLASS_PORT is no setting of the server',
    );
    expect(
      mutated((c) => (c.services['textclass-1']!.healthcheck!.test = ['CMD', 'node', 'probe.mjs', '/healthz'])),
    ).toEqual(expect.arrayContaining([expect.stringContaining('/healthz, not a GET path of the contract')]));
    expect(mutated((c) => delete c.volumes!['postgres-data'])).toContain(
      'postgres uses volume postgres-data, not declared under volumes',
    );
    expect(mutated((c) => (c.services.nginx!.ports = ['8080:80']))).toContain('nginx listens on 8080 but publishes 80');
    expect(mutated((c) => c.services.nginx!.ports!.push('9145:9145'))).toEqual([
      'nginx publishes its internal listener 9145 (/metrics) beyond 127.0.0.1',
    ]);
    expect(
      mutated((c) => ((c.services['textclass-2']!.environment as Record<string, string>).PORT = '9090')),
    ).toContain('nginx forwards to textclass-2:8080, which listens on 9090');
    expect(mutated((c) => delete c.services.postgres!.healthcheck)).toContain(
      'textclass-1 waits for postgres to be healthy, which has no healthcheck',
    );
  });

  it('fails each nginx check on a file that breaks it', () => {
    const nginxEnv = (c: Compose) => c.services.nginx!.environment as Record<string, string>;
    const replicaEnv = (c: Compose, name: string) => c.services[name]!.environment as Record<string, string>;
    expect(
      mutated((c) => (nginxEnv(c).TEXTCLASS_UPSTREAM_SERVERS = 'server textclass-1:9090; server textclass-3:8080;')),
    ).toEqual([
      'nginx forwards to textclass-1:9090, which listens on 8080',
      'textclass-2: no proxy forwards to it',
      'nginx forwards to textclass-3, which is no textclass replica',
    ]);
    expect(mutated((c) => (nginxEnv(c).TEXTCLASS_UPLOAD_MAX_BYTES = '1048576'))).toEqual([
      "nginx: TEXTCLASS_UPLOAD_MAX_BYTES 1048576 differs from textclass-1's upload limit 1073741824",
      "nginx: TEXTCLASS_UPLOAD_MAX_BYTES 1048576 differs from textclass-2's upload limit 1073741824",
    ]);
    // Without the setting a replica enforces the server's default, which is what nginx has.
    expect(
      mutated((c) => ['textclass-1', 'textclass-2'].forEach((r) => delete replicaEnv(c, r).TEXTCLASS_UPLOAD_MAX_BYTES)),
    ).toEqual([]);
    expect(mutated((c) => (replicaEnv(c, 'textclass-2').TEXTCLASS_UPLOAD_MAX_BYTES = '2147483648'))).toEqual([
      "nginx: TEXTCLASS_UPLOAD_MAX_BYTES 1073741824 differs from textclass-2's upload limit 2147483648",
    ]);
    expect(mutated((c) => delete nginxEnv(c).NGINX_INTERNAL_LISTEN)).toEqual([
      'nginx: textclass.conf.template uses ${NGINX_INTERNAL_LISTEN}, not in its environment',
    ]);
    expect(mutated((c) => (c.services.nginx!.volumes = ['./nginx/template:/etc/nginx/templates:ro']))).toEqual([
      'nginx mounts ./nginx/template, which does not exist',
    ]);
    expect(mutated((c) => (c.services.nginx!.volumes = ['./nginx/templates:/etc/nginx/conf.d:ro']))).toEqual([
      'nginx mounts nothing at /etc/nginx/templates',
    ]);
    expect(mutated((c) => (c.services.nginx!.entrypoint = ['nginx', '-g', 'daemon off;']))).toEqual([
      "nginx replaces the image's entrypoint, which renders the templates",
    ]);
  });
});

describe('Dockerfile', () => {
  it('is multi-stage on BASE_IMAGE, non-root, with a health check, a data volume and production dependencies only', () => {
    expect(dockerfileProblems(dockerfile, expectations)).toEqual([]);
  });

  it('fails each check on a Dockerfile that breaks it', () => {
    const broken = (from: string | RegExp, to: string) =>
      dockerfileProblems(parseDockerfile(dockerfileText.replace(from, to)), expectations);
    expect(broken('USER textclass', 'USER root')).toEqual(['the final stage runs as root']);
    expect(broken(/^HEALTHCHECK .*$/m, '')).toEqual(['no HEALTHCHECK in exec form in the final stage']);
    expect(broken('"/health/ready"]', '"/healthz"]')).toEqual([
      'HEALTHCHECK probes /healthz, not a GET path of the contract',
    ]);
    expect(broken('"/health/ready"]', '"/health/live"]')).toEqual([
      'HEALTHCHECK probes /health/live, not the readiness probe /health/ready',
    ]);
    expect(broken('ENTRYPOINT ["node", ', 'ENTRYPOINT ["sh", "-c", ')).toEqual([
      'ENTRYPOINT is not node (or tini) in exec form: signals would not reach node',
    ]);
    expect(broken('npm ci --omit=dev', 'npm ci')).toEqual([
      'no stage installs production dependencies with --omit=dev',
      'COPY --from=deps /app may bring dev dependencies into the final stage',
    ]);
    expect(broken('COPY --from=deps /app ./', 'COPY --from=build /src/node_modules ./node_modules')).toEqual([
      'COPY --from=build /src/node_modules may bring dev dependencies into the final stage',
    ]);
    expect(broken('VOLUME ["/data"]', '')).toEqual(['TEXTCLASS_DATA_DIR is not a VOLUME']);
    expect(broken('HOST=0.0.0.0', 'HOST=127.0.0.1')).toEqual(['HOST is not 0.0.0.0 in the final stage']);
    expect(broken('MALLOC_ARENA_MAX=1 ', 'MALLOC_ARENA_MAX=8 ')).toEqual([
      'MALLOC_ARENA_MAX is not 1 in the final stage: resident memory grows under load',
    ]);
  });

  it("installs with every workspace manifest and ships the built packages the server imports (the client's and the contract checks' dist/)", () => {
    expect(workspace.builtDependencies.sort()).toEqual(['packages/client', 'packages/contract-checks']);
    expect(workspaceProblems(dockerfile, workspace)).toEqual([]);
    const without = (line: string) =>
      workspaceProblems(parseDockerfile(dockerfileText.replaceAll(line, '')), workspace);
    expect(without('COPY packages/contract-checks/package.json packages/contract-checks/\n')).toEqual([
      'stage deps runs npm ci without packages/contract-checks/package.json',
      'stage build runs npm ci without packages/contract-checks/package.json',
    ]);
    expect(without('COPY --from=build /src/packages/contract-checks/dist packages/contract-checks/dist\n')).toEqual([
      'the final stage lacks packages/contract-checks/dist, which the server imports',
    ]);
  });
});
