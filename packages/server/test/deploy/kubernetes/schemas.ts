// Validates rendered objects against the Kubernetes API schemas (kubernetes-models' generated validators).
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import type { KubeObject } from './render.js';

interface Validatable {
  validate(): void;
}
type ModelClass = new (data: never) => Validatable;

/** The kinds the manifests may use, by apiVersion/kind; anything else (a typo, a removed API version) is refused. */
const MODELS: Record<string, ModelClass> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
};

/** Schema problems of one object, each naming the object ([] when it is valid). */
export function schemaProblems(object: KubeObject): string[] {
  const where = `${object.kind}/${object.metadata.name}`;
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  if (Model === undefined) return [`${where}: no schema for ${object.apiVersion} ${object.kind}`];
  try {
    new Model(structuredClone(object) as never).validate();
    return [];
  } catch (err) {
    return [`${where}: ${(err as Error).message}`];
  }
}
