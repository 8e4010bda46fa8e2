// Wraps the dataset worker's classification in a span, a child of the request that stored the rows when it was traced (else a trace of its own), so a job's encoder batches, heads and queries share that trace.
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
          // A stored context that is missing or unreadable starts a new trace (never the poll loop's context).
          parent: tracing.continueFrom(request.traceContext) ?? null,
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
