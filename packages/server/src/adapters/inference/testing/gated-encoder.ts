// A test encoder whose runs wait until the test opens them: for batching, caching and 503 tests.
import type { Encoder } from '../../../core/ports/encoders.js';
import type { EncoderModel, TokenizedText } from '../encoder-model.js';

interface PendingCall {
  texts: string[];
  release(): void;
}

/** A gated entry keeps its text, so calls record what ran. */
export interface GatedEntry extends TokenizedText {
  readonly text: string;
}

/** Vectors encode the text (length, first char code, 1), so tests can check routing. */
export function vectorOf(text: string): Float32Array {
  return Float32Array.from([text.length, text.charCodeAt(0) || 0, 1]);
}

/** Characters / 4, rounded up, at least 1. */
const quarterLength = (text: string) => Math.ceil(text.length / 4);

/** Both an Encoder (embed) and an EncoderModel (tokenize, run) for the serving stack. */
export class GatedEncoder implements Encoder, EncoderModel<GatedEntry> {
  readonly dimension = 3;
  /** Texts of every embed() and run() call, in call order. */
  readonly calls: string[][] = [];
  private readonly pending: PendingCall[] = [];
  private waiters: Array<() => void> = [];
  /** When true, calls complete at once. */
  open = false;
  closed = false;

  /** tokens: what a text costs in a batch (default characters / 4). */
  constructor(
    readonly id = 'gated',
    private readonly tokens: (text: string) => number = quarterLength,
  ) {}

  async warmup(): Promise<void> {}

  health(): boolean {
    return true;
  }

  async close(): Promise<void> {
    this.closed = true;
  }

  tokenize(text: string): GatedEntry {
    return { text, tokens: Math.max(1, this.tokens(text)) };
  }

  run(entries: readonly GatedEntry[]): Promise<Float32Array[]> {
    return this.embed(entries.map((entry) => entry.text));
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
