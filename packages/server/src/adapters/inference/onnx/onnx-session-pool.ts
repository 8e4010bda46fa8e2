// Several worker-thread sessions on one model, each run going to the one with the fewest runs in flight: batches run side by side.
import { availableParallelism } from 'node:os';
import type { FloatInput, FloatOutput, Int64Input, OnnxSession } from './onnx-session.js';
import type { WorkerStart } from './onnx-thread-protocol.js';
import { WorkerOnnxSession } from './onnx-thread-session.js';

/** One worker of the pool: its session, the runs it holds, and the timer that retires it once idle. */
interface Member {
  session: WorkerOnnxSession;
  inFlight: number;
  idleTimer?: NodeJS.Timeout;
}

/**
 * On two cores, two single-threaded sessions embedding a batch each ran the default encoder's batches of 64 1.39 ×
 * as fast as one session with two intra-op threads (2,010 against 1,450 texts/s): the threads of one run wait for
 * each other at every operator, two runs do not (bench/README.md, "encoder runs side by side").
 *
 * Elastic, so that an idle server holds one copy of the model: the pool starts with one worker, starts another (up to
 * `max`) when a run arrives while every worker holds one, and retires a worker beyond the first after `idleMs`
 * without runs. A run never waits for a worker to load: it goes to the least busy of those already there.
 */
export class PooledOnnxSession implements OnnxSession {
  private readonly members: Member[];
  private starting: Promise<void> | undefined;
  private started = 1;
  private released = false;

  private constructor(
    private readonly start: WorkerStart,
    first: WorkerOnnxSession,
    private readonly max: number,
    private readonly idleMs: number,
  ) {
    this.members = [{ session: first, inFlight: 0 }];
  }

  /** A pool of up to `max` workers on the model, its first loaded; `idleMs`: how long an extra worker may idle. */
  static async create(start: WorkerStart, max: number, idleMs = 10_000): Promise<PooledOnnxSession> {
    return new PooledOnnxSession(start, await WorkerOnnxSession.create(start), max, idleMs);
  }

  get inputNames(): readonly string[] {
    return this.members[0]?.session.inputNames ?? [];
  }

  get outputNames(): readonly string[] {
    return this.members[0]?.session.outputNames ?? [];
  }

  /** Runs each worker holds now, the first worker first (for tests). */
  get runsInFlight(): readonly number[] {
    return this.members.map((member) => member.inFlight);
  }

  /** Workers started so far (for tests). */
  get workersStarted(): number {
    return this.started;
  }

  /** Resolves once no worker is loading (for tests). */
  async settled(): Promise<void> {
    await this.starting;
  }

  runInt64(inputs: Record<string, Int64Input>, output: string): Promise<FloatOutput> {
    return this.onLeastBusy((session) => session.runInt64(inputs, output));
  }

  runFloat32(inputs: Record<string, FloatInput>, output: string): Promise<FloatOutput> {
    return this.onLeastBusy((session) => session.runFloat32(inputs, output));
  }

  async release(): Promise<void> {
    if (this.released) return;
    this.released = true;
    await this.starting;
    const members = this.members.splice(0);
    for (const member of members) clearTimeout(member.idleTimer);
    await Promise.all(members.map((member) => member.session.release()));
  }

  private async onLeastBusy(run: (session: WorkerOnnxSession) => Promise<FloatOutput>): Promise<FloatOutput> {
    if (this.released) throw new Error('the ONNX session was released');
    const member = this.members.reduce((least, next) => (next.inFlight < least.inFlight ? next : least));
    if (member.inFlight > 0) this.grow();
    clearTimeout(member.idleTimer);
    member.inFlight += 1;
    try {
      return await run(member.session);
    } finally {
      member.inFlight -= 1;
      if (member.inFlight === 0 && member !== this.members[0]) this.retireWhenIdle(member);
    }
  }

  /** Starts one more worker, unless one is loading, the pool is full or released. */
  private grow(): void {
    if (this.starting || this.released || this.members.length >= this.max) return;
    this.started += 1;
    this.starting = WorkerOnnxSession.create(this.start)
      .then(
        async (session) => {
          if (this.released) return session.release();
          const member: Member = { session, inFlight: 0 };
          this.members.push(member);
          this.retireWhenIdle(member);
        },
        // A worker that fails to load leaves the runs on those already there; the next busy moment tries again.
        () => undefined,
      )
      .finally(() => {
        this.starting = undefined;
      });
  }

  private retireWhenIdle(member: Member): void {
    clearTimeout(member.idleTimer);
    member.idleTimer = setTimeout(() => {
      const at = this.members.indexOf(member);
      if (member.inFlight > 0 || at <= 0) return;
      this.members.splice(at, 1);
      void member.session.release();
    }, this.idleMs);
    member.idleTimer.unref();
  }
}

/** How a transformer encoder's sessions share the cores: `requested` workers (at most the cores), each with an equal share of up to 4 intra-op threads. */
export function workerSessionShape(
  requested: number,
  cores: number = availableParallelism(),
): { workers: number; intraOpThreads: number } {
  const workers = Math.max(1, Math.min(requested, cores));
  return { workers, intraOpThreads: Math.max(1, Math.floor(Math.min(cores, 4) / workers)) };
}
