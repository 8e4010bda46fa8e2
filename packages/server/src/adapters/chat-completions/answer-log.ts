// An LlmAnswerObserver that logs answers naming no label (their rows are uniform), with the model and endpoint but never the text.
import type { LlmAnswerObserver } from '../../core/ports/chat.js';
import type { Logger } from '../observability/logger.js';

export function loggingAnswerObserver(
  logger: Pick<Logger, 'warn'>,
): LlmAnswerObserver & { readonly unmatched: number } {
  let unmatched = 0;
  return {
    get unmatched() {
      return unmatched;
    },
    answerUnmatched(modelId, endpoint) {
      unmatched += 1;
      logger.warn({ modelId, endpoint, unmatchedTotal: unmatched }, 'LLM answer named no label; scored as uniform');
    },
  };
}
