// Renders deploy/kubernetes/* with the real kustomize built into kubectl (Debian's kubernetes-client in CI).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const KUBERNETES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../deploy/kubernetes',
);

/** A rendered object as kustomize printed it; apiVersion, kind and metadata.name are checked on parse. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [field: string]: unknown;
}

/** kubectl (KUBECTL_BIN, else PATH) when it can run `kubectl kustomize`, else undefined. */
export function kubectlBinary(): string | undefined {
  for (const candidate of [process.env.KUBECTL_BIN, 'kubectl']) {
    if (candidate && spawnSync(candidate, ['kustomize', '--help'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return undefined;
}

/** Why the rendering tests cannot run here (undefined: they can); in CI a missing kubectl is an error. */
export function kubernetesSkipReason(): string | undefined {
  if (kubectlBinary() !== undefined) return undefined;
  const why = 'needs kubectl with kustomize (apt-get install kubernetes-client, or KUBECTL_BIN)';
  if (process.env.CI) throw new Error(`the Kubernetes manifest test ${why} in CI (.ci/run installs it)`);
  return why;
}

/** `kubectl kustomize <deploy/kubernetes/dir>`, parsed: every object it prints. */
export function render(dir: string): KubeObject[] {
  const kubectl = kubectlBinary();
  if (kubectl === undefined) throw new Error('kubectl is not installed');
  const result = spawnSync(kubectl, ['kustomize', path.join(KUBERNETES_DIR, dir)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`kubectl kustomize ${dir} failed: ${result.stderr}`);
  return parseManifests(result.stdout, dir);
}

export function parseManifests(text: string, source: string): KubeObject[] {
  return parseAllDocuments(text).map((doc, i) => {
    if (doc.errors.length > 0) throw new Error(`${source} document ${i}: ${doc.errors[0]?.message}`);
    const object = doc.toJS() as Partial<KubeObject> | null;
    if (!object?.apiVersion || !object.kind || !object.metadata?.name)
      throw new Error(`${source} document ${i} has no apiVersion, kind or metadata.name`);
    return object as KubeObject;
  });
}

/** The one object of this kind (and name, when given); throws when there is none or more than one. */
export function only<T = KubeObject>(objects: KubeObject[], kind: string, name?: string): T {
  const found = objects.filter((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
  if (found.length !== 1) throw new Error(`expected one ${kind}${name ? ` ${name}` : ''}, found ${found.length}`);
  return found[0] as T;
}
