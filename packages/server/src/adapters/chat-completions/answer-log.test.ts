// The logging observer of answers that name no label.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../observability/logger.js';
import { loggingAnswerObserver } from './answer-log.js';

describe('loggingAnswerObserver', () => {
  it('counts and logs answers that name no label', () => {
    const lines: string[] = [];
    const observer = loggingAnswerObserver(
      createLogger(
        'warn',
        new Writable({
          write(chunk, _e, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      ),
    );
    observer.answerUnmatched(4, 'vllm');
    observer.answerUnmatched(4, 'vllm');
    expect(observer.unmatched).toBe(2);
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[1] ?? '{}')).toMatchObject({
      modelId: 4,
      endpoint: 'vllm',
      unmatchedTotal: 2,
      msg: 'LLM answer named no label; scored as uniform',
    });
  });
});
