// Releases loaded encoders that nothing needs once they have gone unused for a while; they load again when asked.
import type { ServingEncoder } from './encoder-stages.js';

/** What the unloader asks of the encoder registry. */
export interface EncoderNeeds {
  /** The default, a deployed model's, a preloaded one (or a part of one of these): never released. */
  isNeeded(id: string): boolean;
  /** The encoders a joint encoder runs (empty for others): in use while the joint is loaded. */
  partsOf(id: string): readonly string[];
}

export interface IdleUnloadOptions {
  /** Unused this long, an encoder nothing needs is released; 0: never. */
  idleMs: number;
  /** Called after each release (to log it, or to collect the garbage its tables leave). */
  onUnloaded?: ((id: string) => void) | undefined;
}

/**
 * Looks every quarter of the idle time (at most once a minute). A request that arrives while an encoder is being released
 * waits for it to load again (ServingEncoder.load), so it never fails for it.
 */
export class IdleUnloader {
  private readonly timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> | undefined;

  constructor(
    private readonly encoders: ReadonlyMap<string, ServingEncoder>,
    private readonly needs: EncoderNeeds,
    private readonly options: IdleUnloadOptions,
  ) {
    if (options.idleMs <= 0) return;
    this.timer = setInterval(() => void this.sweep(), Math.min(Math.max(options.idleMs / 4, 10), 60_000));
    this.timer.unref();
  }

  /** Releases each encoder that is idle long enough and needed by nothing; one sweep at a time. */
  sweep(): Promise<void> {
    this.sweeping ??= this.releaseIdle().finally(() => (this.sweeping = undefined));
    return this.sweeping;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async releaseIdle(): Promise<void> {
    const now = performance.now();
    const inUse = new Set<string>();
    for (const [id, encoder] of this.encoders) {
      if (encoder.health()) for (const part of this.needs.partsOf(id)) inUse.add(part);
    }
    for (const [id, encoder] of this.encoders) {
      if (this.needs.isNeeded(id) || inUse.has(id)) continue;
      const idle = encoder.idleFor(now);
      if (idle === undefined || idle < this.options.idleMs) continue;
      await encoder.close();
      this.options.onUnloaded?.(id);
    }
  }
}
