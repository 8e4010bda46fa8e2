// Readiness: an EncoderProvider that answers 503 UNAVAILABLE until the real encoders are warm, and the /health/ready check.
import { DomainError } from '../../core/shared/domain-errors.js';
import type { Encoder, EncoderProvider, LanguageDetector } from '../../core/ports/encoders.js';
import type { DatabaseProbe } from '../../adapters/storage/index.js';
import type { ReadinessReport } from '../../transport/http/shared/services.js';

export class DeferredEncoderProvider implements EncoderProvider {
  private inner: EncoderProvider | undefined;

  constructor(readonly defaultId: string) {}

  resolve(provider: EncoderProvider): void {
    this.inner = provider;
  }

  get(id: string): Encoder {
    if (!this.inner || !this.inner.ready()) {
      throw new DomainError('UNAVAILABLE', 'the encoders are still loading; retry shortly', { retryAfterSeconds: 1 });
    }
    return this.inner.get(id);
  }

  /** None until the encoders are loaded and warm. */
  ids(): string[] {
    return this.ready() ? (this.inner?.ids?.() ?? []) : [];
  }

  ready(): boolean {
    return this.inner?.ready() ?? false;
  }

  fingerprint(id: string): string | null {
    return this.inner?.fingerprint?.(id) ?? null;
  }

  /** Before the encoders are loaded there is nothing to keep: the start-up load reads the deployed models itself. */
  async keep(ids: readonly string[]): Promise<void> {
    await this.inner?.keep?.(ids);
  }
}

/** A LanguageDetector that answers 503 UNAVAILABLE until the identification model is loaded. */
export class DeferredLanguageDetector implements LanguageDetector {
  private inner: LanguageDetector | undefined;

  resolve(detector: LanguageDetector): void {
    this.inner = detector;
  }

  detect(text: string): string {
    if (!this.inner) {
      throw new DomainError('UNAVAILABLE', 'language identification is still loading; retry shortly', {
        retryAfterSeconds: 1,
      });
    }
    return this.inner.detect(text);
  }
}

/**
 * Ready when every encoder loaded at start is warm (the default with its parts, each one a deployed model uses, and
 * TEXTCLASS_PRELOAD_ENCODERS; others load on first use), the database answers and
 * its schema is current. The database is asked even while encoders load, so the report names every failing part.
 */
export function readinessCheck(
  encoders: EncoderProvider,
  probeDatabase: () => Promise<DatabaseProbe>,
): () => Promise<ReadinessReport> {
  return async () => {
    const { database, migrations } = await probeDatabase();
    const checks = { encoders: encoders.ready() ? ('ok' as const) : ('loading' as const), database, migrations };
    return { ready: checks.encoders === 'ok' && database === 'ok' && migrations === 'ok', checks };
  };
}
