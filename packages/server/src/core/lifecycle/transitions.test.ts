// The model state machine: every transition of the spec's table, rollback swapping versions, and the refused ones.
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-errors.js';
import type { Model } from '../shared/types.js';
import { archiveTransition, deployTransition, rollbackTransition, trainedTransition } from './transitions.js';

const model = (overrides: Partial<Model>): Model => ({
  id: 4,
  workspaceId: 1,
  name: 'm',
  type: 'fine-tuned',
  status: 'undeployed',
  labels: [],
  config: { encoder: 'e' },
  metrics: { accuracy: null, f1_macro: null, per_class: {} },
  trainingExamples: 0,
  lastTrained: null,
  confidenceThreshold: 0,
  version: null,
  previousVersion: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...overrides,
});

const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'other';
  }
  return 'none';
};

describe('model transitions', () => {
  it('deploys an undeployed model without a version to return to', () => {
    expect(deployTransition(model({ version: 1 }), 1)).toEqual({
      status: 'deployed',
      version: 1,
      previousVersion: null,
    });
  });

  it('deploying a new version over a serving one remembers the served one', () => {
    expect(deployTransition(model({ status: 'deployed', version: 2, previousVersion: 1 }), 3)).toEqual({
      status: 'deployed',
      version: 3,
      previousVersion: 2,
    });
  });

  it('deploying the version already served changes nothing', () => {
    expect(deployTransition(model({ status: 'deployed', version: 2 }), 2)).toEqual({});
  });

  it('redeploys an archived model, keeping the rollback target', () => {
    expect(deployTransition(model({ status: 'archived', version: 2, previousVersion: 1 }), 2)).toEqual({
      status: 'deployed',
      version: 2,
      previousVersion: 1,
    });
  });

  it('deploying another version over an archived one remembers the archived one', () => {
    expect(deployTransition(model({ status: 'archived', version: 1, previousVersion: null }), 2)).toEqual({
      status: 'deployed',
      version: 2,
      previousVersion: 1,
    });
    expect(deployTransition(model({ status: 'archived', version: 2, previousVersion: 1 }), 3)).toEqual({
      status: 'deployed',
      version: 3,
      previousVersion: 2,
    });
  });

  it('archives only a deployed model', () => {
    expect(archiveTransition(model({ status: 'deployed', version: 1 }))).toEqual({ status: 'archived' });
    expect(codeOf(() => archiveTransition(model({ status: 'undeployed' })))).toBe('MODEL_NOT_DEPLOYED');
    expect(archiveTransition(model({ status: 'archived' }))).toEqual({});
  });

  it('rolls back by swapping the served and the previous version', () => {
    const once = rollbackTransition(model({ status: 'deployed', version: 3, previousVersion: 2 }));
    expect(once).toEqual({ version: 2, previousVersion: 3 });
  });

  it('refuses a rollback without a previous version or when not serving', () => {
    expect(codeOf(() => rollbackTransition(model({ status: 'deployed', version: 1 })))).toBe('INVALID_PARAMETER');
    expect(codeOf(() => rollbackTransition(model({ status: 'archived', version: 2, previousVersion: 1 })))).toBe(
      'MODEL_ARCHIVED',
    );
    expect(codeOf(() => rollbackTransition(model({ status: 'undeployed', version: 2, previousVersion: 1 })))).toBe(
      'MODEL_NOT_DEPLOYED',
    );
  });

  it('after a training, a model not serving shows the new version and a serving one keeps serving', () => {
    expect(trainedTransition(model({ version: 1 }), 2, false)).toEqual({ version: 2 });
    expect(trainedTransition(model({ status: 'deployed', version: 1 }), 2, false)).toEqual({});
    expect(trainedTransition(model({ status: 'deployed', version: 1 }), 2, true)).toEqual({
      status: 'deployed',
      version: 2,
      previousVersion: 1,
    });
  });

  it('after a training, an archived model keeps its version, and with deploy it remembers it for a rollback', () => {
    const archived = model({ status: 'archived', version: 1, previousVersion: null });
    expect(trainedTransition(archived, 2, false)).toEqual({});
    expect(trainedTransition(archived, 2, true)).toEqual({ status: 'deployed', version: 2, previousVersion: 1 });
  });
});
