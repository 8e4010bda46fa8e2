// The encoder's own throughput: the default encoder's embed() (tokenise, session.run, pool) on the benchmark's texts, no server, no database.
import { join } from 'node:path';
import { BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID, StaticEncoder } from '@textclass/server/inference';

export interface EncoderRow {
  batch: number;
  calls: number;
  textsPerSecond: number;
  msPerCall: number;
}

export class EncoderCeiling {
  private constructor(
    readonly id: string,
    private readonly encoder: StaticEncoder,
  ) {}

  static async open(): Promise<EncoderCeiling> {
    const encoder = await StaticEncoder.open(join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID));
    await encoder.warmup();
    return new EncoderCeiling(STATIC_MULTI_ENCODER_ID, encoder);
  }

  /** embed() of consecutive `batch`-text slices of `texts` for `seconds` (at least 20 calls). */
  async measure(texts: readonly string[], batch: number, seconds: number): Promise<EncoderRow> {
    const slices = Math.floor(texts.length / batch);
    if (slices === 0) throw new Error(`need at least ${batch} texts`);
    const slice = (i: number) => texts.slice((i % slices) * batch, ((i % slices) + 1) * batch);
    for (let i = 0; i < 5; i++) await this.encoder.embed(slice(i));
    let calls = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    while (calls < 20 || performance.now() < deadline) await this.encoder.embed(slice(calls++));
    const ms = performance.now() - started;
    return { batch, calls, textsPerSecond: (calls * batch * 1000) / ms, msPerCall: ms / calls };
  }

  close(): Promise<void> {
    return this.encoder.close();
  }
}
