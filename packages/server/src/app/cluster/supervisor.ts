// The cluster primary: forks the workers, replaces one that dies (with backoff), and on SIGTERM / SIGINT drains them all and reports when all are gone.
import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../../adapters/observability/logger.js';
import { PrimaryServices } from './primary-services.js';
import { isWorkerMessage, type WorkerMessage } from './protocol.js';
import { RestartBackoff } from './restart-backoff.js';
import { boundedArenasEnv } from '../process/malloc-arenas.js';

/** Workers drain within the server's own grace (10 s) and close their runtime; past this they are killed. */
const DRAIN_LIMIT_MS = 30_000;

export type ReadyReport = Extract<WorkerMessage, { textclass: 'ready' }> & { worker: number; pid: number };

export class Supervisor {
  private readonly services: PrimaryServices;
  private readonly backoff = new RestartBackoff();
  private readonly live = new Map<number, { worker: Worker; forkedAt: number }>();
  private readonly restarts = new Set<NodeJS.Timeout>();
  private readonly readyReports: ReadyReport[] = [];
  private starting = true;
  private stopping = false;
  private failed = false;
  private settleStart!: { resolve(reports: ReadyReport[]): void; reject(error: Error): void };
  private settleDone!: (exitCode: number) => void;
  /** Resolves with the exit code once every worker is gone after a stop (0 when all drained cleanly). */
  readonly done: Promise<number>;

  constructor(
    private readonly count: number,
    private readonly logger: Logger,
  ) {
    this.services = new PrimaryServices(logger);
    this.done = new Promise((resolve) => (this.settleDone = resolve));
  }

  /** Forks the workers; resolves with their reports once every one serves, rejects when one dies before (all stop). */
  start(): Promise<ReadyReport[]> {
    const started = new Promise<ReadyReport[]>((resolve, reject) => (this.settleStart = { resolve, reject }));
    cluster.on('message', (worker, message: unknown) => {
      if (!isWorkerMessage(message)) return;
      if (message.textclass === 'ready') this.onReady(worker, message);
      else this.services.handle(worker, message);
    });
    cluster.on('exit', (worker, code, signal) => this.onExit(worker, code, signal));
    this.logger.info({ workers: this.count }, 'starting workers');
    for (let i = 0; i < this.count; i++) this.fork();
    return started;
  }

  /** First call: every worker gets SIGTERM and drains. A second call (another Ctrl-C) kills them at once. */
  stop(signal: NodeJS.Signals): void {
    if (this.stopping) {
      this.logger.warn({ signal }, 'second signal: killing the workers now');
      this.killAll();
      return;
    }
    this.stopping = true;
    if (this.starting) this.settleStart.reject(new Error(`stopped by ${signal} while starting`));
    for (const timer of this.restarts) clearTimeout(timer);
    this.restarts.clear();
    this.logger.info({ signal, workers: this.live.size }, 'stopping: the workers finish their in-flight requests');
    for (const { worker } of this.live.values()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      this.logger.error({ workers: [...this.live.keys()] }, 'workers did not drain in time: killing them');
      this.killAll();
    }, DRAIN_LIMIT_MS).unref();
    this.settleIfEmpty();
  }

  private killAll(): void {
    this.failed = true;
    for (const { worker } of this.live.values()) worker.process.kill('SIGKILL');
  }

  private fork(): void {
    const worker = cluster.fork(boundedArenasEnv(process.env));
    this.live.set(worker.id, { worker, forkedAt: Date.now() });
    this.logger.info({ worker: worker.id, pid: worker.process.pid }, 'worker started');
  }

  private onReady(worker: Worker, message: ReadyReport | WorkerMessage): void {
    if (message.textclass !== 'ready') return;
    this.logger.info({ worker: worker.id, pid: worker.process.pid }, 'worker ready');
    if (!this.starting) return;
    this.readyReports.push({ ...message, worker: worker.id, pid: worker.process.pid ?? 0 });
    if (this.readyReports.length === this.count) {
      this.starting = false;
      this.settleStart.resolve(this.readyReports);
    }
  }

  private onExit(worker: Worker, code: number | null, signal: string | null): void {
    const entry = this.live.get(worker.id);
    this.live.delete(worker.id);
    this.services.forget(worker);
    const exit = { worker: worker.id, pid: worker.process.pid, code, signal };
    if (this.stopping) {
      if (code !== 0 && signal !== 'SIGTERM') this.failed = true;
      this.logger.info(exit, 'worker stopped');
      this.settleIfEmpty();
      return;
    }
    if (this.starting) {
      // A worker that cannot start (configuration, database) will not start on a retry either: fail like one process.
      this.logger.error(exit, 'a worker exited while starting: stopping the others');
      this.failed = true;
      this.stop('SIGTERM');
      return;
    }
    const delay = this.backoff.next(Date.now() - (entry?.forkedAt ?? 0));
    this.logger.error({ ...exit, restartInMs: delay }, 'worker exited: replacing it');
    const timer = setTimeout(() => {
      this.restarts.delete(timer);
      this.fork();
    }, delay);
    this.restarts.add(timer);
  }

  private settleIfEmpty(): void {
    if (this.live.size === 0) this.settleDone(this.failed ? 1 : 0);
  }
}
