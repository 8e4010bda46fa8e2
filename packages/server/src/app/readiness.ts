// An EncoderProvider that answers 503 UNAVAILABLE until the real encoders are loaded and warm.
import { DomainError } from '../core/shared/errors.js';
import type { Encoder, EncoderProvider, LanguageDetector } from '../core/ports/encoders.js';

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
