// Log lines of the background pipeline: a record a model failed on at warn (with the error), a failed webhook delivery at warn (endpoint, status, next attempt), a disabled endpoint at warn.
import { IGNORE_PIPELINE_EVENTS, type PipelineEvents } from '../../core/ports/pipeline-events.js';
import type { Logger } from './logger.js';

export function loggingPipelineEvents(logger: Logger): PipelineEvents {
  return {
    ...IGNORE_PIPELINE_EVENTS,
    recordFailed({ workspaceId, datasetId, recordId, modelId, error }) {
      logger.warn(
        { err: error, workspaceId, datasetId, recordId, modelId },
        'a model failed on a dataset record alone; the record is marked failed and the rest of its job went on',
      );
    },
    deliveryAttempted(report) {
      if (report.outcome === 'succeeded') return;
      logger.warn(
        {
          endpointId: report.endpointId,
          deliveryId: report.deliveryId,
          event: report.event,
          status: report.statusCode,
          error: report.error,
          attempt: report.retries + 1,
          nextAttemptAt: report.nextAttemptAt?.toISOString() ?? null,
        },
        report.outcome === 'retrying'
          ? 'webhook delivery failed; it will be retried'
          : 'webhook delivery failed; no more retries',
      );
    },
    endpointDisabled(endpointId, reason) {
      logger.warn({ endpointId, reason }, 'webhook endpoint disabled');
    },
  };
}
