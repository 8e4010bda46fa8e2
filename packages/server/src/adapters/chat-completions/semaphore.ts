// A counting semaphore with a bounded wait: at most `limit` tasks run at once, at most `maxWaiting` wait in arrival order.

/** No slot was free and `maxWaiting` tasks were already waiting. */
export class WaitQueueFullError extends Error {
  constructor(readonly waiting: number) {
    super(`${waiting} tasks are already waiting`);
  }
}

/** The deadline passed before a slot came free; the task did not run. */
export class SlotWaitTimeoutError extends Error {
  constructor() {
    super('no slot came free before the deadline');
  }
}

export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly maxWaiting = Number.POSITIVE_INFINITY,
  ) {}

  /** Runs task in a slot; waits for one until `deadline` (epoch ms) at the latest. */
  async run<T>(task: () => Promise<T>, deadline?: number): Promise<T> {
    if (this.running >= this.limit) await this.slot(deadline);
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Resolves when a finishing task hands its slot over; a waiter that times out leaves the line first. */
  private slot(deadline: number | undefined): Promise<void> {
    if (this.waiting.length >= this.maxWaiting) return Promise.reject(new WaitQueueFullError(this.waiting.length));
    return new Promise<void>((resolve, reject) => {
      // Set below only when there is a deadline; handOver clears it whether or not it was set.
      let timer: NodeJS.Timeout | undefined = undefined;
      const handOver = () => {
        clearTimeout(timer);
        resolve();
      };
      this.waiting.push(handOver);
      if (deadline === undefined) return;
      timer = setTimeout(
        () => {
          const at = this.waiting.indexOf(handOver);
          if (at < 0) return;
          this.waiting.splice(at, 1);
          reject(new SlotWaitTimeoutError());
        },
        Math.max(0, deadline - Date.now()),
      );
    });
  }
}
