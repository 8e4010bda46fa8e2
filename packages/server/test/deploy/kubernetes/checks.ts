// Cross-checks between the rendered manifests and the server they deploy; each returns the problems it finds.
import type { IDeployment } from 'kubernetes-models/apps/v1';
import type { IHorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import type { IJob } from 'kubernetes-models/batch/v1';
import type { IIngress } from 'kubernetes-models/networking.k8s.io/v1';
import type { IPodDisruptionBudget } from 'kubernetes-models/policy/v1';
import type { IConfigMap, IContainer, IPodSpec, IService } from 'kubernetes-models/v1';
import type { Config } from '../../../src/app/config/load-config.js';
import { configFrom, nginxSizeBytes, quantityBytes } from './facts.js';
import { schemaProblems, unknownFieldProblems } from './schemas.js';
import type { KubeObject } from './render.js';
import { RSS_AT_READY_TARGET_MIB } from '../../memory/rss-target.js';

/** What the manifests must agree with: the server's settings and the contract's GET paths. */
export interface ServerFacts {
  settings: ReadonlySet<string>;
  getPaths: ReadonlySet<string>;
}

export const SECRET_SETTINGS = ['DATABASE_URL', 'REDIS_URL', 'TEXTCLASS_API_KEY'];
/** The default server's resident memory at ready (the CI guard's target, test/memory): the request may not be less. */
export const RSS_AT_READY_BYTES = RSS_AT_READY_TARGET_MIB * 2 ** 20;

const of = <T>(objects: KubeObject[], kind: string): T[] => objects.filter((o) => o.kind === kind) as T[];
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  selector !== undefined &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);

/** The server's configuration for these variables, or undefined when it refuses them (checkSettings says why). */
function acceptedConfig(env: Record<string, string>): Config | undefined {
  try {
    return configFrom(env);
  } catch {
    return undefined;
  }
}

/** What a container runs: its command and args, or, without a command, the image's ENTRYPOINT (the textclass CLI). */
function commandLine(container: IContainer): string {
  return [...(container.command ?? ['textclass']), ...(container.args ?? [])].join(' ');
}

/** The image's exec-form ENTRYPOINT runs the server package's `textclass` bin, which `args` relies on. */
export function checkEntrypoint(dockerfile: string, binPath: string): string[] {
  const lines = dockerfile.split('\n').filter((line) => /^\s*ENTRYPOINT\s/i.test(line));
  const last = lines.at(-1)?.replace(/^\s*ENTRYPOINT\s+/i, '');
  let argv: unknown;
  try {
    argv = JSON.parse(last ?? '');
  } catch {
    return [`Dockerfile: ENTRYPOINT is not in exec form: ${last ?? 'none'}`];
  }
  const runsBin = Array.isArray(argv) && (argv.join(' ') === 'textclass' || String(argv.at(-1)).endsWith(binPath));
  return runsBin ? [] : [`Dockerfile: ENTRYPOINT ${JSON.stringify(argv)} does not run ${binPath} (textclass)`];
}

/** Every object against the Kubernetes API schema of its kind, unknown fields included. */
export function checkSchemas(objects: KubeObject[]): string[] {
  return [...objects.flatMap(schemaProblems), ...unknownFieldProblems(objects)];
}

/** A pod that runs as a non-root user on a read-only root filesystem, without capabilities, under RuntimeDefault seccomp. */
export function checkPodSecurity(where: string, pod: IPodSpec | undefined): string[] {
  const problems: string[] = [];
  const podContext = pod?.securityContext;
  if (podContext?.runAsNonRoot !== true) problems.push(`${where}: pod securityContext.runAsNonRoot is not true`);
  if (!podContext?.runAsUser) problems.push(`${where}: pod securityContext.runAsUser is not a non-zero uid`);
  if (pod?.automountServiceAccountToken !== false) problems.push(`${where}: automountServiceAccountToken is not false`);
  for (const container of [...(pod?.initContainers ?? []), ...(pod?.containers ?? [])]) {
    const at = `${where} container ${container.name}`;
    const context = container.securityContext;
    if (context?.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem is not true`);
    if (context?.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation is not false`);
    if (context?.privileged === true) problems.push(`${at}: privileged`);
    if (context?.runAsUser === 0) problems.push(`${at}: runAsUser 0`);
    if (!context?.capabilities?.drop?.includes('ALL')) problems.push(`${at}: capabilities.drop does not include ALL`);
    if ((context?.capabilities?.add ?? []).length > 0) problems.push(`${at}: adds capabilities`);
    const seccomp = context?.seccompProfile?.type ?? podContext?.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault')
      problems.push(`${at}: seccompProfile is ${seccomp ?? 'unset'}, not RuntimeDefault`);
    const volumes = new Set((pod?.volumes ?? []).map((v) => v.name));
    for (const mount of container.volumeMounts ?? [])
      if (!volumes.has(mount.name)) problems.push(`${at}: mounts ${mount.name}, which is no volume of the pod`);
    if (!(container.volumeMounts ?? []).some((m) => m.mountPath === '/tmp'))
      problems.push(`${at}: no writable /tmp (the root filesystem is read-only)`);
  }
  return problems;
}

/** The variables a container gets: its env entries plus the keys of the ConfigMaps it loads with envFrom. */
function containerEnv(
  container: IContainer,
  configMaps: IConfigMap[],
): Map<string, { value?: string; secret: boolean }> {
  const env = new Map<string, { value?: string; secret: boolean }>();
  for (const source of container.envFrom ?? []) {
    const map = configMaps.find((c) => c.metadata?.name === source.configMapRef?.name);
    for (const [name, value] of Object.entries(map?.data ?? {})) env.set(name, { value, secret: false });
  }
  for (const entry of container.env ?? [])
    env.set(entry.name, { value: entry.value, secret: entry.valueFrom?.secretKeyRef !== undefined });
  return env;
}

/** Env names are settings the server reads, the secrets come from Secrets, and the values are ones it accepts. */
export function checkSettings(
  where: string,
  container: IContainer,
  objects: KubeObject[],
  facts: ServerFacts,
): string[] {
  const problems: string[] = [];
  const configMaps = of<IConfigMap>(objects, 'ConfigMap');
  for (const source of container.envFrom ?? [])
    if (source.configMapRef && !configMaps.some((c) => c.metadata?.name === source.configMapRef?.name))
      problems.push(`${where}: envFrom names ConfigMap ${source.configMapRef.name}, which is not in the manifests`);
    else if (source.secretRef) problems.push(`${where}: envFrom a whole Secret; name each secret variable instead`);
  const env = containerEnv(container, configMaps);
  for (const [name, { secret }] of env) {
    if (!facts.settings.has(name)) problems.push(`${where}: ${name} is not a setting the server reads`);
    if (SECRET_SETTINGS.includes(name) && !secret) problems.push(`${where}: ${name} is not taken from a Secret`);
  }
  const plain = Object.fromEntries([...env].flatMap(([n, v]) => (v.value === undefined ? [] : [[n, v.value]])));
  try {
    configFrom(plain);
  } catch (err) {
    problems.push(`${where}: the server refuses its settings: ${(err as Error).message}`);
  }
  return problems;
}

/** The one server container of the Deployment, with its probes, ports, memory and writable data directory. */
export function checkServer(objects: KubeObject[], facts: ServerFacts): string[] {
  const deployments = of<IDeployment>(objects, 'Deployment');
  if (deployments.length !== 1) return [`expected one Deployment, found ${deployments.length}`];
  const deployment = deployments[0] as IDeployment;
  const where = `Deployment/${deployment.metadata?.name}`;
  const pod = deployment.spec?.template.spec;
  const container = pod?.containers[0];
  if (!container || pod.containers.length !== 1) return [`${where}: expected one container`];
  const problems = [...checkPodSecurity(where, pod), ...checkSettings(where, container, objects, facts)];
  const argv = commandLine(container);
  if (argv !== 'textclass serve') problems.push(`${where}: runs "${argv}", not "textclass serve"`);
  if (deployment.spec?.replicas !== undefined)
    problems.push(`${where}: sets replicas, which every apply would reset under the HorizontalPodAutoscaler`);
  const expected = { startupProbe: '/health/ready', readinessProbe: '/health/ready', livenessProbe: '/health/live' };
  for (const [probe, path] of Object.entries(expected)) {
    const get = container[probe as keyof typeof expected]?.httpGet;
    if (get?.path !== path) problems.push(`${where}: ${probe} is not GET ${path} (${get?.path ?? 'none'})`);
    else if (!facts.getPaths.has(path)) problems.push(`${where}: ${probe} path ${path} is not in the HTTP contract`);
    if (get && !(container.ports ?? []).some((p) => p.name === get.port || p.containerPort === get.port))
      problems.push(`${where}: ${probe} port ${get.port} is no port of the container`);
  }
  const requested = quantityBytes(container.resources?.requests?.memory ?? '');
  const limit = quantityBytes(container.resources?.limits?.memory ?? '');
  if (!(requested >= RSS_AT_READY_BYTES))
    problems.push(`${where}: memory request is below the RSS at ready (${RSS_AT_READY_TARGET_MIB} MiB)`);
  if (!(limit >= requested)) problems.push(`${where}: memory limit is unset or below the request`);
  const env = Object.fromEntries(
    [...containerEnv(container, of<IConfigMap>(objects, 'ConfigMap'))].map(([n, v]) => [n, v.value ?? '']),
  );
  const dataDir = acceptedConfig(env)?.dataDir;
  const mounted = (dir: string) =>
    (container.volumeMounts ?? []).some((m) => dir === m.mountPath || dir.startsWith(`${m.mountPath}/`));
  if (dataDir !== undefined && !mounted(dataDir))
    problems.push(`${where}: the data directory ${dataDir} (upload spool) is on the read-only root filesystem`);
  return problems;
}

/** Service, autoscaler and disruption budget point at the server's pods and port, never at the migration's. */
export function checkWiring(objects: KubeObject[], migration: KubeObject[]): string[] {
  const deployment = of<IDeployment>(objects, 'Deployment')[0];
  const podLabels = deployment?.spec?.template.metadata?.labels;
  const ports = deployment?.spec?.template.spec?.containers.flatMap((c) => c.ports ?? []) ?? [];
  const jobLabels = of<IJob>(migration, 'Job').map((j) => j.spec?.template.metadata?.labels);
  const problems: string[] = [];
  for (const service of of<IService>(objects, 'Service')) {
    const where = `Service/${service.metadata?.name}`;
    if (!matches(service.spec?.selector, podLabels)) problems.push(`${where}: selector does not match the server pods`);
    if (jobLabels.some((labels) => matches(service.spec?.selector, labels)))
      problems.push(`${where}: selector matches the migration Job's pods too`);
    for (const port of service.spec?.ports ?? [])
      if (!ports.some((p) => p.name === port.targetPort || p.containerPort === port.targetPort))
        problems.push(`${where}: targetPort ${port.targetPort} is no port of the server container`);
  }
  for (const pdb of of<IPodDisruptionBudget>(objects, 'PodDisruptionBudget'))
    if (!matches(pdb.spec?.selector?.matchLabels, podLabels))
      problems.push(`PodDisruptionBudget/${pdb.metadata?.name}: selector does not match the server pods`);
  for (const hpa of of<IHorizontalPodAutoscaler>(objects, 'HorizontalPodAutoscaler')) {
    const target = hpa.spec?.scaleTargetRef;
    if (target?.kind !== 'Deployment' || target.name !== deployment?.metadata?.name)
      problems.push(`HorizontalPodAutoscaler/${hpa.metadata?.name}: does not scale the Deployment`);
    if (!hpa.spec?.metrics?.some((m) => m.resource?.name === 'cpu'))
      problems.push(`HorizontalPodAutoscaler/${hpa.metadata?.name}: has no CPU metric`);
    if ((hpa.spec?.minReplicas ?? 1) < 2)
      problems.push(
        `HorizontalPodAutoscaler/${hpa.metadata?.name}: fewer than 2 replicas leave no pod for a disruption`,
      );
  }
  return problems;
}

/** The migration Job runs `textclass migrate` in the very image the Deployment runs, as securely. */
export function checkMigration(migration: KubeObject[], objects: KubeObject[], facts: ServerFacts): string[] {
  const jobs = of<IJob>(migration, 'Job');
  if (jobs.length !== 1) return [`expected one migration Job, found ${jobs.length}`];
  const job = jobs[0] as IJob;
  const where = `Job/${job.metadata?.name}`;
  const pod = job.spec?.template.spec;
  const container = pod?.containers[0];
  if (!container || pod.containers.length !== 1) return [`${where}: expected one container`];
  const problems = [...checkPodSecurity(where, pod), ...checkSettings(where, container, migration, facts)];
  const argv = commandLine(container);
  if (argv !== 'textclass migrate') problems.push(`${where}: runs "${argv}", not "textclass migrate"`);
  if (!['Never', 'OnFailure'].includes(pod.restartPolicy ?? '')) problems.push(`${where}: restartPolicy is not Never`);
  const serverImage = of<IDeployment>(objects, 'Deployment')[0]?.spec?.template.spec?.containers[0]?.image;
  if (container.image !== serverImage)
    problems.push(`${where}: image ${container.image} is not the server's ${serverImage}`);
  return problems;
}

/** The Ingress passes uploads as large as the server accepts, unbuffered, to the Service's port. */
export function checkIngress(objects: KubeObject[]): string[] {
  const problems: string[] = [];
  const configMaps = of<IConfigMap>(objects, 'ConfigMap');
  const container = of<IDeployment>(objects, 'Deployment')[0]?.spec?.template.spec?.containers[0];
  const env = container ? containerEnv(container, configMaps) : new Map<string, { value?: string }>();
  const uploadMax = acceptedConfig(Object.fromEntries([...env].map(([n, v]) => [n, v.value ?? ''])))?.uploadMaxBytes;
  const services = of<IService>(objects, 'Service');
  for (const ingress of of<IIngress>(objects, 'Ingress')) {
    const where = `Ingress/${ingress.metadata?.name}`;
    const notes = ingress.metadata?.annotations ?? {};
    const body = notes['nginx.ingress.kubernetes.io/proxy-body-size'] ?? '1m';
    if (nginxSizeBytes(body) !== uploadMax)
      problems.push(`${where}: proxy-body-size ${body} is not the server's upload limit ${uploadMax} bytes`);
    if (notes['nginx.ingress.kubernetes.io/proxy-request-buffering'] !== 'off')
      problems.push(`${where}: proxy-request-buffering is not off`);
    for (const rule of ingress.spec?.rules ?? [])
      for (const { backend } of rule.http?.paths ?? []) {
        const service = services.find((s) => s.metadata?.name === backend.service?.name);
        const port = backend.service?.port;
        if (!service) problems.push(`${where}: backend ${backend.service?.name} is no Service of the manifests`);
        else if (!(service.spec?.ports ?? []).some((p) => p.name === port?.name || p.port === port?.number))
          problems.push(`${where}: backend port ${port?.name ?? port?.number} is no port of ${backend.service?.name}`);
      }
  }
  return problems;
}
