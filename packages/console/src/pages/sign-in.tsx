// Sign-in: an API key, checked against GET /v2/me before it is kept (in sessionStorage only).
import { useState } from 'preact/hooks';
import { ErrorBox } from '../components/ui.js';

export function SignIn({ onSubmit, error }: { onSubmit: (key: string) => Promise<void>; error: unknown }) {
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <main id="main" class="sign-in">
      <h1>Sign in to the textclass console</h1>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(true);
          void onSubmit(key.trim()).finally(() => setBusy(false));
        }}
      >
        <label for="api-key">API key</label>
        <input
          id="api-key"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={key}
          onInput={(event) => setKey(event.currentTarget.value)}
        />
        <p class="muted">
          The key stays in this tab only (session storage) and is sent to this server alone. Signing out forgets it.
        </p>
        <button type="submit" class="primary" disabled={busy || key.trim() === ''}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <ErrorBox error={error} />
    </main>
  );
}
