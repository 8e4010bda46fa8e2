// A secret shown once (a new API key, a webhook signing secret): selectable text, a copy button, a warning.
import { useState } from 'preact/hooks';

export function ShownOnce({ label, secret }: { label: string; secret: string }) {
  const [copied, setCopied] = useState<string | null>(null);
  return (
    <div class="shown-once" role="status" data-testid="shown-once">
      <p>
        <strong>{label}</strong> — shown this once: copy it now, it cannot be read again.
      </p>
      <code data-testid="secret">{secret}</code>{' '}
      <button
        type="button"
        onClick={() =>
          navigator.clipboard.writeText(secret).then(
            () => setCopied('Copied.'),
            () => setCopied('Copying was refused by the browser: select the text and copy it.'),
          )
        }
      >
        Copy
      </button>
      {copied && <span> {copied}</span>}
    </div>
  );
}
