// A test encoder whose embed() calls wait until the test opens them: for batching, caching and 503 tests.
import type { Encoder } from '../../../core/ports/encoders.js';

interface PendingCall {
  texts: string[];
  release(): void;
}

/** Vectors encode the text (length, first char code, 1), so tests can check routing. */
export function vectorOf(text: string): Float32Array {
  return Float32Array.from([text.length, text.charCodeAt(0) || 0, 1]);
}

export class GatedEncoder implements Encoder {
  readonly dimension = 3;
  /** Texts of every embed() call, in call order. */
  readonly calls: string[][] = [];
  private readonly pending: PendingCall[] = [];
  private waiters: Array<() => void> = [];
  /** When true, calls complete at once. */
  open = false;

  constructor(readonly id = 'gated') {}

  async warmup(): Promise<void> {}

  health(): boolean {
    return true;
  }

  embed(texts: string[]): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    const result = texts.map(vectorOf);
    if (this.open) return Promise.resolve(result);
    return new Promise((resolve) => {
      this.pending.push({ texts, release: () => resolve(result) });
      const waiters = this.waiters;
      this.waiters = [];
      waiters.forEach((w) => w());
    });
  }

  /** Resolves once `count` calls are waiting to be released. */
  async waitForCalls(count: number): Promise<void> {
    while (this.pending.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  /** Completes the oldest waiting call. */
  releaseOne(): void {
    const call = this.pending.shift();
    if (!call) throw new Error('no embed() call is waiting');
    call.release();
  }

  /** Completes every waiting call and lets later ones through at once. */
  releaseAll(): void {
    this.open = true;
    while (this.pending.length > 0) this.releaseOne();
  }
}
