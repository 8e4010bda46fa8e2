// The messages between the webhook sender thread and the event loop that hands it POSTs: a batch out, a batch of outcomes back.
import type { SendLane } from '../../core/ports/pipeline.js';

/** What the thread starts with. */
export interface SenderStart {
  allowPrivate: boolean;
}

/** One POST, numbered by the sending side so that its outcome finds its caller. */
export interface SendOrder {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** The lane it waits in on the thread (send-lanes.ts), if any. */
  lane?: SendLane;
}

/**
 * A POST's outcome: the receiver's status code (and how long it waited in its lane), why no status came back (a
 * refused URL, a timeout, a cut connection), or that it was not sent (still waiting in its lane at its start-by time).
 */
export type SendOutcome =
  { id: number; statusCode: number; waitedMs?: number } | { id: number; error: string } | { id: number; notSent: true };
