// Send lanes: at most a lane's limit of POSTs in flight per key (an endpoint), the others waiting in the order given; one still waiting at its start-by time is not sent.
import type { SendAnswer, WebhookSender } from '../../core/ports/pipeline.js';

interface Waiting {
  startBy: number;
  start(): void;
  skip(): void;
}

interface Lane {
  limit: number;
  inFlight: number;
  waiting: Waiting[];
}

/**
 * Wraps a sender so that sends given a lane queue behind their key's limit (the newest send's limit holds for the
 * lane); sends without one go straight through. A send starts on this thread as soon as a slot of its lane frees, with
 * no one else's turn needed: the dispatcher may hand over more than its window without more in flight at the receiver.
 */
export function withSendLanes(sender: WebhookSender, now: () => number = Date.now): WebhookSender {
  const lanes = new Map<string, Lane>();

  const startWaiting = (key: string, lane: Lane): void => {
    while (lane.inFlight < lane.limit && lane.waiting.length > 0) {
      const next = lane.waiting.shift()!;
      if (now() > next.startBy) next.skip();
      else {
        lane.inFlight += 1;
        next.start();
      }
    }
    if (lane.inFlight === 0 && lane.waiting.length === 0) lanes.delete(key);
  };

  return {
    send(url, headers, body, timeoutMs, traceContext, given) {
      if (given === undefined) return sender.send(url, headers, body, timeoutMs, traceContext);
      const lane = lanes.get(given.key) ?? { limit: 1, inFlight: 0, waiting: [] };
      lanes.set(given.key, lane);
      lane.limit = Math.max(1, Math.floor(given.limit));
      const queuedAt = performance.now();
      return new Promise<SendAnswer | null>((resolve, reject) => {
        lane.waiting.push({
          startBy: given.startBy,
          skip: () => resolve(null),
          start: () => {
            const waitedMs = performance.now() - queuedAt;
            sender
              .send(url, headers, body, timeoutMs, traceContext)
              .then((answer) => resolve(answer === null ? null : { statusCode: answer.statusCode, waitedMs }), reject)
              .finally(() => {
                lane.inFlight -= 1;
                startWaiting(given.key, lane);
              });
          },
        });
        startWaiting(given.key, lane);
      });
    },
  };
}
