// Log lines of the background pipeline: a failed webhook delivery at warn (endpoint, status, next attempt), a disabled endpoint at warn.
import { IGNORE_PIPELINE_EVENTS, type PipelineEvents } from '../../core/ports/pipeline-events.js';
import type { Logger } from './logger.js';

export function loggingPipelineEvents(logger: Logger): PipelineEvents {
  return {
    ...IGNORE_PIPELINE_EVENTS,
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
