// The machine and checkout a benchmark ran on, recorded beside its results.
import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, totalmem } from 'node:os';

const git = (args: string[]): string | undefined => {
  try {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
};

export function environment(): Record<string, unknown> {
  return {
    node: process.version,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model,
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    commit: git(['rev-parse', '--short', 'HEAD']),
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
  };
}
