// Small shared pieces: the error box (role=alert), a busy marker, a confirm-then-act button and number formats.
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { ApiError } from '../lib/api.js';

/** An error as a sentence, with the request id to quote; nothing when there is none. */
export function ErrorBox({ error }: { error: unknown }) {
  if (error === null || error === undefined) return null;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'Something went wrong.';
  const requestId = error instanceof ApiError ? error.requestId : null;
  return (
    <div class="error" role="alert">
      <p>{message}</p>
      {requestId && <p class="muted">Request id: {requestId}</p>}
    </div>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p class="muted" role="status">
      Loading {what}…
    </p>
  );
}

/** A button that runs an action, disabled while it runs, showing the action's error beside it. */
export function ActionButton(props: {
  label: string;
  run: () => Promise<unknown>;
  done?: () => void;
  kind?: 'primary' | 'danger';
  testId?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const click = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.run();
      props.done?.();
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <span class="action">
      <button
        type="button"
        class={props.kind ?? ''}
        disabled={busy}
        onClick={() => void click()}
        data-testid={props.testId}
      >
        {busy ? `${props.label}…` : props.label}
      </button>
      <ErrorBox error={error} />
    </span>
  );
}

export function Section({ title, children }: { title: string; children: ComponentChildren }) {
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

export const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)} %`;

export const when = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '—');
