// The model state machine: undeployed → deploy → deployed → archive → archived → redeploy → deployed; deploy a version, roll back to the previous one.
import { DomainError, invalid } from '../shared/domain-errors.js';
import type { Model } from '../shared/types.js';
import type { ModelPatch } from './types.js';

/**
 * Serve `version` (a redeploy when archived); the version served until now (or until the archive) becomes the one a
 * rollback returns to, so the history survives an archive and a redeploy of another version.
 */
export function deployTransition(model: Model, version: number): ModelPatch {
  if (model.status === 'deployed' && model.version === version) return {};
  const served = model.status === 'deployed' || model.status === 'archived';
  const replaced = served && model.version !== null && model.version !== version;
  return { status: 'deployed', version, previousVersion: replaced ? model.version : model.previousVersion };
}

/** Only a deployed model can be archived; it keeps its version for a later redeploy. */
export function archiveTransition(model: Model): ModelPatch {
  if (model.status === 'archived') return {};
  if (model.status !== 'deployed') {
    throw new DomainError(
      'MODEL_NOT_DEPLOYED',
      `model ${model.id} is not deployed; only a deployed model can be archived`,
    );
  }
  return { status: 'archived' };
}

/** Serves the version served before the last deploy again; the two swap, so a second rollback undoes the first. */
export function rollbackTransition(model: Model): ModelPatch {
  if (model.status !== 'deployed') {
    throw new DomainError(
      model.status === 'archived' ? 'MODEL_ARCHIVED' : 'MODEL_NOT_DEPLOYED',
      `model ${model.id} is ${model.status === 'archived' ? 'archived' : 'not deployed'}; only a deployed model can be rolled back`,
    );
  }
  if (model.previousVersion === null)
    throw invalid('version', `model ${model.id} has no previous version to roll back to`);
  return { version: model.previousVersion, previousVersion: model.version };
}

/**
 * After a training: a model never deployed shows its newest version; a deployed or archived one keeps the version it
 * served (an archived model's is the one a redeploy replaces and a rollback returns to) until deployed (or `deploy` was
 * asked).
 */
export function trainedTransition(model: Model, version: number, deploy: boolean): ModelPatch {
  if (deploy) return deployTransition(model, version);
  if (model.status !== 'undeployed') return {};
  return { version };
}
