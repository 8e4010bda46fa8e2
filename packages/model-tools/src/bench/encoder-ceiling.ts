// The encoder's own throughput: embed() (tokenise, session.run, pool) on the benchmark's texts, no server, no database: one call at a time on one session, and as the server runs it.
import { loadEncoderRegistry, STATIC_MULTI_ENCODER_ID, type EncoderRegistry } from '@textclass/server/inference';
import { timedCalls, type ServedShape } from './calls-in-flight.js';

export interface EncoderRow {
  batch: number;
  /** embed() calls at once: 1 on the one-session encoder; more on the encoder shaped as the server shapes it. */
  inFlight: number;
  calls: number;
  textsPerSecond: number;
  msPerCall: number;
}

export class EncoderCeiling {
  private constructor(
    readonly id: string,
    private readonly single: EncoderRegistry,
    private readonly served: { registry: EncoderRegistry; inFlight: number } | undefined,
  ) {}

  /**
   * The built-in encoder `id` (static-multi-100d unless named), loaded and warmed up as one session; with `served`
   * (and more than one call at once) also as the server loads it, measured with its calls in flight.
   */
  static async open(id: string = STATIC_MULTI_ENCODER_ID, served?: ServedShape): Promise<EncoderCeiling> {
    const single = await loadEncoderRegistry({ defaultId: id });
    await single.get(id).warmup();
    if (!served || served.inFlight < 2) return new EncoderCeiling(id, single, undefined);
    const registry = await loadEncoderRegistry({ defaultId: id, encoderWorkers: served.encoderWorkers });
    await registry.get(id).warmup();
    return new EncoderCeiling(id, single, { registry, inFlight: served.inFlight });
  }

  /** The calls at once of each row measure() can give: 1, and the served count when opened with one. */
  get inFlightCounts(): number[] {
    return this.served ? [1, this.served.inFlight] : [1];
  }

  /**
   * embed() of consecutive `batch`-text slices of `texts` for `seconds` (at least 20 calls), `inFlight` calls at once
   * (a count other than 1 measures the encoder as the server shapes it).
   */
  async measure(texts: readonly string[], batch: number, seconds: number, inFlight = 1): Promise<EncoderRow> {
    const slices = Math.floor(texts.length / batch);
    if (slices === 0) throw new Error(`need at least ${batch} texts`);
    if (inFlight !== 1 && inFlight !== this.served?.inFlight)
      throw new Error(`measure: ${inFlight} calls at once, but the served shape runs ${this.served?.inFlight ?? 1}`);
    const encoder = (inFlight === 1 ? this.single : (this.served as { registry: EncoderRegistry }).registry).get(
      this.id,
    );
    const slice = (i: number) => texts.slice((i % slices) * batch, ((i % slices) + 1) * batch);
    const embed = (i: number) => encoder.embed(slice(i));
    const { calls, ms } = await timedCalls(
      inFlight,
      5,
      (made, elapsed) => made >= 20 && elapsed >= seconds * 1000,
      embed,
    );
    return { batch, inFlight, calls, textsPerSecond: (calls * batch * 1000) / ms, msPerCall: ms / calls };
  }

  async close(): Promise<void> {
    await this.single.close();
    await this.served?.registry.close();
  }
}
