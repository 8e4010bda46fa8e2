// A defined second process loading the machine: one `node` child spinning one thread, at the bench's own niceness.
import { spawn } from 'node:child_process';
import { getPriority } from 'node:os';

export interface BusyLoad {
  pid: number;
  /** What it is, for the printout and the JSON. */
  description: string;
  stop(): Promise<void>;
}

/** Starts `node -e "for (;;) {}"`: one JavaScript thread always runnable, so it takes a core's fair share. */
export function startBusyLoad(): BusyLoad {
  const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not start the busy-loop process');
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    pid,
    description: `one busy-loop \`node -e "for (;;) {}"\` process (pid ${pid}, one thread always runnable, nice ${getPriority(pid)} like the bench)`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
