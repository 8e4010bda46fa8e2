// Collects the suite's failures, one entry per distinct cause, each with a reproduction.
import type { ContractOperation } from './contract.js';
import type { Step } from './arbitraries.js';

export interface Failure {
  op: ContractOperation;
  /** What is wrong, without the parts that vary from request to request. */
  verdict: string;
  /** What the request's steps did. */
  what: string;
  steps: Step[];
  reproduce: string;
  answer: string;
  times: number;
}

export class Failures {
  readonly byKey = new Map<string, Failure>();

  add(failure: Omit<Failure, 'times'>): void {
    const key = `${failure.op.id}|${failure.verdict}|${failure.what}`;
    const seen = this.byKey.get(key);
    if (seen) seen.times += 1;
    else this.byKey.set(key, { ...failure, times: 1 });
  }

  get size(): number {
    return this.byKey.size;
  }

  /** One line per cause: the verdict, the step that alone reproduces it, the operations it hit, and one reproduction. */
  render(): string[] {
    const causes = new Map<string, { ops: Set<string>; times: number; first: Failure }>();
    for (const f of this.byKey.values()) {
      const key = `${f.verdict} ← ${f.what}`;
      const cause = causes.get(key) ?? { ops: new Set<string>(), times: 0, first: f };
      cause.ops.add(f.op.id);
      cause.times += f.times;
      causes.set(key, cause);
    }
    return [...causes.entries()].map(
      ([key, c]) =>
        `${key}\n    ${c.times} requests over ${c.ops.size} operations: ${[...c.ops].join(', ')}\n    answer: ${c.first.answer}\n    ${c.first.reproduce}`,
    );
  }
}
