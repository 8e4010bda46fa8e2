// Orders the statements sent to one database session that runs them in the order received: outside a transaction they go at once, one behind another; a transaction has the session to itself from its start until its end is sent.

interface Waiter {
  exclusive: boolean;
  send(): void;
}

/**
 * A FIFO gate for a session that runs statements in arrival order (PGlite on its thread). `shared` sends at once unless
 * a transaction holds the gate or waits for it, then in turn; `exclusive` sends a transaction's start once every earlier
 * sender has sent, and holds the gate until `release` (called as the transaction's end is sent: whatever is sent after
 * runs after it). Each `send` runs synchronously when granted, so nothing can slip between grant and send.
 */
export class SendGate {
  #held = false;
  readonly #waiting: Waiter[] = [];

  /** Sends a statement outside any transaction, in turn. */
  shared<T>(send: () => Promise<T>): Promise<T> {
    if (!this.#held && this.#waiting.length === 0) return send();
    return this.#wait(false, send);
  }

  /** Sends a transaction's start, in turn, and holds the gate until `release()`. */
  exclusive<T>(send: () => Promise<T>): Promise<T> {
    if (!this.#held && this.#waiting.length === 0) {
      this.#held = true;
      return send();
    }
    return this.#wait(true, send);
  }

  /** The holder's end is sent: the senders waiting behind it go, up to the next transaction. */
  release(): void {
    this.#held = false;
    while (this.#waiting.length > 0 && !this.#held) {
      const next = this.#waiting.shift()!;
      if (next.exclusive) this.#held = true;
      next.send();
    }
  }

  #wait<T>(exclusive: boolean, send: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ exclusive, send: () => void send().then(resolve, reject) });
    });
  }
}
