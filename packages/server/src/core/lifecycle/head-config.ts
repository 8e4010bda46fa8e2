// The version's config.head: the served head's shape, what it reads, the recipe cross-validation chose, its scores and the folded-in temperature.
import type { FittedHead } from '../training/fit.js';

const round = (x: number) => Math.round(x * 10_000) / 10_000;

export function headConfig(fitted: FittedHead): Record<string, unknown> {
  const { parameters, choice } = fitted;
  return {
    architecture: parameters.architecture,
    input_dim: parameters.inputDim,
    features: choice?.features ?? 'text',
    temperature: round(fitted.temperature),
    ...(choice
      ? {
          recipe: choice.kind,
          l2: choice.l2,
          cv: {
            folds: choice.folds,
            criterion: choice.criterion,
            ...(choice.featureScores
              ? {
                  features: Object.fromEntries(
                    Object.entries(choice.featureScores).map(([name, logLoss]) => [name, { log_loss: round(logLoss) }]),
                  ),
                }
              : {}),
            candidates: choice.scores.map((s) => ({
              recipe: s.recipe,
              log_loss: round(s.log_loss),
              log_loss_uncalibrated: round(s.log_loss_raw),
              accuracy: round(s.accuracy),
              temperature: round(s.temperature),
              ...(s.standard_error_vs_logistic === undefined
                ? {}
                : { standard_error_vs_logistic: round(s.standard_error_vs_logistic) }),
            })),
          },
        }
      : { recipe: 'few-shot' }),
  };
}
