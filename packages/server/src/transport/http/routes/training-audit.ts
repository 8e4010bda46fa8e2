// The training data audit of a model version (admin: it shows the training examples' texts and fits five heads).
import { Router } from 'express';
import type { TrainingAudit } from '../../../core/training/audit.js';
import { requirePermission } from '../middleware/auth.js';
import { callerOf } from '../shared/context.js';
import type { AppServices } from '../shared/services.js';
import type { ResponseBody } from '../presenters/wire.js';

type AuditBody = ResponseBody<'auditModelVersion', 200>;

/** The audit in the contract's snake_case. */
export function presentAudit(audit: TrainingAudit & { modelId: number; version: number }): AuditBody {
  return {
    model_id: audit.modelId,
    version: audit.version,
    examples: audit.examples,
    folds: audit.folds,
    out_of_fold_accuracy: audit.outOfFoldAccuracy,
    suspects: audit.suspects.map((s) => ({
      text: s.text,
      label: s.label,
      suggested_label: s.suggestedLabel,
      label_probability: s.labelProbability,
      suggested_probability: s.suggestedProbability,
    })),
    conflicts: audit.conflicts.map((c) => ({ similarity: c.similarity, exact: c.exact, examples: c.examples })),
    confusions: audit.confusions.map((c) => ({ labels: c.labels, count: c.count, examples: c.examples })),
  };
}

export function trainingAuditRoutes(services: AppServices): Router {
  const router = Router();
  router.get('/v2/models/:model_id/versions/:version/audit', requirePermission('admin'), async (req, res) => {
    const audit = await services.audits.audit(
      callerOf(res).workspace,
      Number(req.params.model_id),
      Number(req.params.version),
      {
        limit: Number(req.query.limit ?? 20),
        duplicateSimilarity: Number(req.query.similarity ?? 0.95),
      },
    );
    res.json(presentAudit(audit));
  });
  return router;
}
