// Wraps the dataset worker's classification in a span of its own, so a job's encoder batches, heads and queries share one trace.
import type { ClassifyRequest, ClassifyResult, TextClassifier } from '../../core/classification/classify-texts.js';
import { inSpan, type Tracing } from './tracing.js';

export function tracedRecordClassification(
  classifier: Pick<TextClassifier, 'classify'>,
  tracing: Tracing,
): Pick<TextClassifier, 'classify'> {
  if (!tracing.enabled) return classifier;
  return {
    classify: (request: ClassifyRequest): Promise<ClassifyResult> =>
      inSpan(
        tracing,
        'classify records',
        {
          parent: null,
          attributes: {
            'textclass.workspace.id': request.workspaceId,
            'textclass.classify.texts': request.texts.length,
            'textclass.classify.models': request.models.length,
          },
        },
        () => classifier.classify(request),
      ),
  };
}
