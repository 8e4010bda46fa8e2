// The messages between the webhook sender thread and the event loop that hands it POSTs: a batch out, a batch of outcomes back.
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
}

/** A POST's outcome: the receiver's status code, or why no status came back (a refused URL, a timeout, a cut connection). */
export type SendOutcome = { id: number; statusCode: number } | { id: number; error: string };
