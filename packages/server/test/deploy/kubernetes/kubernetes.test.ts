// deploy/kubernetes rendered by kubectl's kustomize, validated against the API schemas and cross-checked with the server.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkEntrypoint,
  checkIngress,
  checkMigration,
  checkPodSecurity,
  checkSchemas,
  checkServer,
  checkWiring,
  type ServerFacts,
} from './checks.js';
import { configSettingNames, contractGetPaths, nginxSizeBytes, quantityBytes } from './facts.js';
import { KUBERNETES_DIR, kubernetesSkipReason, only, render, type KubeObject } from './render.js';

const skip = kubernetesSkipReason();
const DOCKERFILE = path.join(KUBERNETES_DIR, '../../Dockerfile');
/** The server package's `textclass` bin (a committed shim) and the built CLI it runs, as a path from the repository root. */
const SERVER_BIN = (() => {
  const bin = (
    JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      bin: { textclass: string };
    }
  ).bin.textclass;
  const shim = readFileSync(new URL(path.posix.join('../../../', bin), import.meta.url), 'utf8');
  const target = /new URL\('([^']+)', import\.meta\.url\)/.exec(shim)?.[1];
  if (!target) throw new Error(`${bin} names no built CLI`);
  return path.posix.normalize(path.posix.join('packages/server', path.posix.dirname(bin), target));
})();
const IMAGE = 'ghcr.io/textclass/textclass:0.1.0';

interface Rendered {
  base: KubeObject[];
  migrate: KubeObject[];
  ingress: KubeObject[];
}

/** A deep copy to break, so that each broken case starts from the real manifests. */
const copy = (objects: KubeObject[]) => structuredClone(objects);
/** The one object of a kind, untyped: the broken cases reach into the rendered YAML freely. */
const dig = (objects: KubeObject[], kind: string): any => only(objects, kind);

describe.skipIf(skip !== undefined)(`deploy/kubernetes ${skip ? `(skipped: ${skip})` : ''}`, () => {
  let r: Rendered;
  let facts: ServerFacts;
  beforeAll(() => {
    r = { base: render('base'), migrate: render('migrate'), ingress: render('overlays/ingress') };
    facts = { settings: configSettingNames(), getPaths: contractGetPaths() };
  });

  it('renders the base, the migration and the ingress overlay with kustomize applied', () => {
    const kinds = (objects: KubeObject[]) => objects.map((o) => o.kind).sort();
    expect(kinds(r.base)).toEqual([
      'ConfigMap',
      'Deployment',
      'HorizontalPodAutoscaler',
      'PodDisruptionBudget',
      'Service',
    ]);
    expect(kinds(r.migrate)).toEqual(['Job']);
    expect(kinds(r.ingress)).toEqual([...kinds(r.base), 'Ingress'].sort());
    for (const object of [...r.base, ...r.migrate, ...r.ingress]) {
      expect(object.metadata.namespace, object.kind).toBe('textclass');
      expect(object.metadata.labels?.['app.kubernetes.io/name'], object.kind).toBe('textclass');
    }
    expect(dig(r.base, 'Deployment').spec.selector.matchLabels['app.kubernetes.io/name']).toBe('textclass');
    expect(dig(r.base, 'Deployment').spec.template.spec.containers[0].image).toBe(IMAGE);
    expect(dig(r.migrate, 'Job').spec.template.spec.containers[0].image).toBe(IMAGE);
    // Secrets are referenced, never shipped.
    expect([...r.base, ...r.migrate, ...r.ingress].some((o) => o.kind === 'Secret')).toBe(false);
  });

  it('every object is valid against the Kubernetes API schema of its kind', () => {
    expect(checkSchemas([...r.base, ...r.migrate, ...r.ingress])).toEqual([]);
  });

  it('the server container: probes on the contract, settings the server reads, memory, writable data dir, hardened', () => {
    expect(checkServer(r.base, facts)).toEqual([]);
    expect(checkServer(r.ingress, facts)).toEqual([]);
  });

  it('Service, autoscaler and disruption budget select the server pods and port, not the migration', () => {
    expect(checkWiring(r.base, r.migrate)).toEqual([]);
  });

  it('the migration Job runs `textclass migrate` in the server image', () => {
    expect(checkMigration(r.migrate, r.base, facts)).toEqual([]);
  });

  it.skipIf(!existsSync(DOCKERFILE))("the image's ENTRYPOINT is the textclass CLI that `args` is passed to", () => {
    expect(checkEntrypoint(readFileSync(DOCKERFILE, 'utf8'), SERVER_BIN)).toEqual([]);
  });

  it("the Ingress body size is the server's upload limit and request buffering is off", () => {
    expect(checkIngress(r.ingress)).toEqual([]);
    expect(
      nginxSizeBytes(dig(r.ingress, 'Ingress').metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size']),
    ).toBe(1024 ** 3);
  });

  describe('a broken manifest fails', () => {
    it('a schema violation (a string containerPort, an unknown kind)', () => {
      const broken = copy(r.base);
      dig(broken, 'Deployment').spec.template.spec.containers[0].ports[0].containerPort = 'http';
      expect(checkSchemas(broken).join('\n')).toMatch(/Deployment\/textclass: .*containerPort must be integer/);
      const unknown = copy(r.base);
      dig(unknown, 'HorizontalPodAutoscaler').apiVersion = 'autoscaling/v2beta1';
      expect(checkSchemas(unknown)).toEqual([
        'HorizontalPodAutoscaler/textclass: no schema for autoscaling/v2beta1 HorizontalPodAutoscaler',
      ]);
    });

    it('a field the API does not know (misspelt, or at the wrong level)', () => {
      const broken = copy(r.base);
      const container = dig(broken, 'Deployment').spec.template.spec.containers[0];
      container.readinessProbes = container.readinessProbe;
      dig(broken, 'Service').spec.selectors = {};
      expect(checkSchemas(broken)).toEqual([
        expect.stringMatching(/^Service\/textclass: .*'"?selectors"?' does not exist in type 'IServiceSpec'/),
        expect.stringMatching(/^Deployment\/textclass: .*'"?readinessProbes"?' does not exist in type 'IContainer'/),
      ]);
    });

    it('a probe path the contract does not have, or on a port the container lacks', () => {
      const broken = copy(r.base);
      const container = dig(broken, 'Deployment').spec.template.spec.containers[0];
      container.livenessProbe.httpGet.path = '/healthz';
      container.readinessProbe.httpGet.port = 'metrics';
      const problems = checkServer(broken, facts).join('\n');
      expect(problems).toContain('livenessProbe is not GET /health/live (/healthz)');
      expect(problems).toContain('readinessProbe port metrics is no port of the container');
      const noContract = { ...facts, getPaths: new Set(['/health']) };
      expect(checkServer(r.base, noContract).join('\n')).toContain(
        'readinessProbe path /health/ready is not in the HTTP contract',
      );
    });

    it('an env name the server does not read, a secret in plain text, a value the server refuses', () => {
      const broken = copy(r.base);
      const config = dig(broken, 'ConfigMap');
      config.data.TEXTCLASS_UPLOAD_MAX_SIZE = '1g';
      config.data.TEXTCLASS_UPLOAD_MAX_BYTES = 'a lot';
      dig(broken, 'Deployment').spec.template.spec.containers[0].env.push({
        name: 'REDIS_URL',
        value: 'redis://r:6379',
      });
      const problems = checkServer(broken, facts).join('\n');
      expect(problems).toContain('TEXTCLASS_UPLOAD_MAX_SIZE is not a setting the server reads');
      expect(problems).toContain('REDIS_URL is not taken from a Secret');
      expect(problems).toContain('TEXTCLASS_UPLOAD_MAX_BYTES must be a number');
    });

    it('root, a writable root filesystem, kept capabilities, no seccomp, no /tmp, a data dir off the volumes', () => {
      const broken = copy(r.base);
      const pod = dig(broken, 'Deployment').spec.template.spec;
      pod.securityContext = { runAsNonRoot: false };
      pod.containers[0].securityContext = { readOnlyRootFilesystem: false, capabilities: { add: ['NET_ADMIN'] } };
      pod.containers[0].volumeMounts = [];
      expect(checkPodSecurity('Deployment/textclass', pod)).toEqual([
        'Deployment/textclass: pod securityContext.runAsNonRoot is not true',
        'Deployment/textclass: pod securityContext.runAsUser is not a non-zero uid',
        'Deployment/textclass container textclass: readOnlyRootFilesystem is not true',
        'Deployment/textclass container textclass: allowPrivilegeEscalation is not false',
        'Deployment/textclass container textclass: capabilities.drop does not include ALL',
        'Deployment/textclass container textclass: adds capabilities',
        'Deployment/textclass container textclass: seccompProfile is unset, not RuntimeDefault',
        'Deployment/textclass container textclass: no writable /tmp (the root filesystem is read-only)',
      ]);
      expect(checkServer(broken, facts).join('\n')).toContain(
        'the data directory /data (upload spool) is on the read-only root filesystem',
      );
    });

    it('memory below the measured RSS, replicas fighting the autoscaler, a command other than textclass serve', () => {
      const broken = copy(r.base);
      const deployment = dig(broken, 'Deployment');
      deployment.spec.replicas = 3;
      deployment.spec.template.spec.containers[0].command = ['node', 'main.js'];
      deployment.spec.template.spec.containers[0].resources.requests.memory = '256Mi';
      const problems = checkServer(broken, facts).join('\n');
      expect(problems).toContain('runs "node main.js serve", not "textclass serve"');
      expect(problems).toContain('sets replicas');
      expect(problems).toContain('memory request is below the RSS at ready');
      expect(quantityBytes('1536Mi')).toBe(1536 * 2 ** 20);
    });

    it('a Service port or selector that misses the pods, a selector that takes the migration pods in', () => {
      const broken = copy(r.base);
      dig(broken, 'Service').spec.ports[0].targetPort = 8081;
      delete dig(broken, 'Service').spec.selector['app.kubernetes.io/component'];
      dig(broken, 'PodDisruptionBudget').spec.selector.matchLabels['app.kubernetes.io/component'] = 'api';
      dig(broken, 'HorizontalPodAutoscaler').spec.scaleTargetRef.name = 'textclass-api';
      expect(checkWiring(broken, r.migrate)).toEqual([
        "Service/textclass: selector matches the migration Job's pods too",
        'Service/textclass: targetPort 8081 is no port of the server container',
        'PodDisruptionBudget/textclass: selector does not match the server pods',
        'HorizontalPodAutoscaler/textclass: does not scale the Deployment',
      ]);
    });

    it('a Job that does not run `textclass migrate`, or another image', () => {
      const broken = copy(r.migrate);
      const container = dig(broken, 'Job').spec.template.spec.containers[0];
      container.args = ['serve'];
      container.image = 'ghcr.io/textclass/textclass:0.0.9';
      expect(checkMigration(broken, r.base, facts)).toEqual([
        'Job/textclass-migrate: runs "textclass serve", not "textclass migrate"',
        `Job/textclass-migrate: image ghcr.io/textclass/textclass:0.0.9 is not the server's ${IMAGE}`,
      ]);
    });

    it('a Dockerfile whose ENTRYPOINT is not the textclass CLI', () => {
      const good = 'FROM debian\nENTRYPOINT ["node", "/app/packages/server/dist/main.js"]\nCMD ["serve"]\n';
      expect(checkEntrypoint(good, SERVER_BIN)).toEqual([]);
      expect(checkEntrypoint('FROM debian\nENTRYPOINT ["node", "/app/other.js"]\n', SERVER_BIN)).toEqual([
        'Dockerfile: ENTRYPOINT ["node","/app/other.js"] does not run packages/server/dist/main.js (textclass)',
      ]);
      expect(checkEntrypoint('FROM debian\nENTRYPOINT node main.js\n', SERVER_BIN)).toEqual([
        'Dockerfile: ENTRYPOINT is not in exec form: node main.js',
      ]);
    });

    it("an Ingress body size other than the server's upload limit, buffering on, a missing backend", () => {
      const broken = copy(r.ingress);
      const ingress = dig(broken, 'Ingress');
      ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-body-size'] = '2m';
      delete ingress.metadata.annotations['nginx.ingress.kubernetes.io/proxy-request-buffering'];
      ingress.spec.rules[0].http.paths[0].backend.service.port = { name: 'https' };
      expect(checkIngress(broken)).toEqual([
        "Ingress/textclass: proxy-body-size 2m is not the server's upload limit 1073741824 bytes",
        'Ingress/textclass: proxy-request-buffering is not off',
        'Ingress/textclass: backend port https is no port of textclass',
      ]);
      // Changing the server's limit alone breaks the pair too.
      const limit = copy(r.ingress);
      dig(limit, 'ConfigMap').data.TEXTCLASS_UPLOAD_MAX_BYTES = String(2 * 1024 ** 3);
      expect(checkIngress(limit)).toEqual([
        "Ingress/textclass: proxy-body-size 1073741824 is not the server's upload limit 2147483648 bytes",
      ]);
    });
  });
});
