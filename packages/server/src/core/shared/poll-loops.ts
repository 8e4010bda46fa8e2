// Several poll loops over one tick function, started, woken and stopped together (work claimed with SKIP LOCKED shares safely).
import { PollLoop, type PollLoopOptions } from './poll-loop.js';

/** Classification loops per process: while one embeds, the other claims, reads and writes. */
export const CLASSIFY_LOOPS = 2;

export class PollLoops {
  readonly #loops: PollLoop[];

  constructor(count: number, tick: () => Promise<number>, options: PollLoopOptions) {
    this.#loops = Array.from({ length: Math.max(1, count) }, () => new PollLoop(tick, options));
  }

  start(): void {
    for (const loop of this.#loops) loop.start();
  }

  wake(): void {
    for (const loop of this.#loops) loop.wake();
  }

  async stop(): Promise<void> {
    await Promise.all(this.#loops.map((loop) => loop.stop()));
  }
}
