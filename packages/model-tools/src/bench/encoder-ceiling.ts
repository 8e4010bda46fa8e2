// The encoder's own throughput: one encoder's embed() (tokenise, session.run, pool) on the benchmark's texts, no server, no database.
import { loadEncoderRegistry, STATIC_MULTI_ENCODER_ID, type EncoderRegistry } from '@textclass/server/inference';

export interface EncoderRow {
  batch: number;
  calls: number;
  textsPerSecond: number;
  msPerCall: number;
}

export class EncoderCeiling {
  private constructor(
    readonly id: string,
    private readonly registry: EncoderRegistry,
  ) {}

  /** The built-in encoder `id` (static-multi-100d unless named), loaded and warmed up as the server does. */
  static async open(id: string = STATIC_MULTI_ENCODER_ID): Promise<EncoderCeiling> {
    const registry = await loadEncoderRegistry({ defaultId: id });
    await registry.get(id).warmup();
    return new EncoderCeiling(id, registry);
  }

  private get encoder() {
    return this.registry.get(this.id);
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
    return this.registry.close();
  }
}
