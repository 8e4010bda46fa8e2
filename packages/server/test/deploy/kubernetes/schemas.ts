// Validates rendered objects against the Kubernetes API schemas (kubernetes-models' generated validators and types).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import ts from 'typescript';
import type { KubeObject } from './render.js';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

/** The kinds the manifests may use, by apiVersion/kind, with their validator and their TypeScript interface. */
const MODELS: Record<string, { model: ModelClass; module: string; type: string }> = {
  'v1/ConfigMap': { model: ConfigMap, module: 'kubernetes-models/v1', type: 'IConfigMap' },
  'v1/Secret': { model: Secret, module: 'kubernetes-models/v1', type: 'ISecret' },
  'v1/Service': { model: Service, module: 'kubernetes-models/v1', type: 'IService' },
  'apps/v1/Deployment': { model: Deployment, module: 'kubernetes-models/apps/v1', type: 'IDeployment' },
  'autoscaling/v2/HorizontalPodAutoscaler': {
    model: HorizontalPodAutoscaler,
    module: 'kubernetes-models/autoscaling/v2',
    type: 'IHorizontalPodAutoscaler',
  },
  'batch/v1/Job': { model: Job, module: 'kubernetes-models/batch/v1', type: 'IJob' },
  'networking.k8s.io/v1/Ingress': {
    model: Ingress,
    module: 'kubernetes-models/networking.k8s.io/v1',
    type: 'IIngress',
  },
  'policy/v1/PodDisruptionBudget': {
    model: PodDisruptionBudget,
    module: 'kubernetes-models/policy/v1',
    type: 'IPodDisruptionBudget',
  },
};

const name = (object: KubeObject) => `${object.kind}/${object.metadata.name}`;
const modelOf = (object: KubeObject) => MODELS[`${object.apiVersion}/${object.kind}`];

/** Schema problems of one object (types, required fields, formats), each naming the object ([] when it is valid). */
export function schemaProblems(object: KubeObject): string[] {
  const entry = modelOf(object);
  if (entry === undefined) return [`${name(object)}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new entry.model(structuredClone(object) as never).validate();
    return [];
  } catch (err) {
    return [`${name(object)}: ${(err as Error).message}`];
  }
}

/**
 * Fields the API does not know (a misspelt `readinessProbes`, a field at the wrong level), which the API schemas
 * let through: each object is typechecked as an object literal of its kind's interface, so TypeScript's
 * excess-property check names every unknown field, as `kubectl --validate=strict` would.
 */
export function unknownFieldProblems(objects: KubeObject[]): string[] {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '__rendered__.ts');
  const known = objects.filter((o) => modelOf(o) !== undefined);
  const imports = [...new Set(known.map((o) => modelOf(o)))].map(
    (m) => `import type { ${m?.type} } from '${m?.module}';`,
  );
  let source = `${imports.join('\n')}\n`;
  const starts: Array<{ at: number; object: KubeObject }> = [];
  known.forEach((object, i) => {
    starts.push({ at: source.length, object });
    source += `export const o${i}: ${modelOf(object)?.type} = ${JSON.stringify(object, null, 2)};\n`;
  });
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (f, language, ...rest) =>
    f === file ? ts.createSourceFile(f, source, language) : getSourceFile.call(host, f, language, ...rest);
  host.fileExists = (f) => f === file || fileExists.call(host, f);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const owner = starts.filter((s) => s.at <= (d.start ?? -1)).at(-1)?.object;
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    return `${owner ? name(owner) : path.basename(d.file?.fileName ?? file)}: ${message}`;
  });
}
