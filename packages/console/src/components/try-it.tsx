// Try it: classifies a typed text with the model and shows the labels, their confidences and the language.
import { useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useSession } from '../lib/session-context.js';
import { ErrorBox, percent } from './ui.js';

export function TryIt({ modelId }: { modelId: number }) {
  const { client } = useSession();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Schemas['InferenceResponse'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const classify = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(
        await ok(
          client.POST('/v2/models/{model_id}/inference', {
            params: { path: { model_id: modelId } },
            body: { texts: [text] },
          }),
        ),
      );
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const predictions = result?.predictions[0] ?? [];
  return (
    <section aria-label="Try it" class="try-it">
      <h2>Try it</h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void classify();
        }}
      >
        <label for="try-text">Text to classify</label>
        <textarea id="try-text" rows={3} value={text} onInput={(event) => setText(event.currentTarget.value)} />
        <button type="submit" class="primary" disabled={busy || text.trim() === ''}>
          {busy ? 'Classifying…' : 'Classify'}
        </button>
      </form>
      <ErrorBox error={error} />
      {result && (
        <div data-testid="try-result" role="status">
          <p>
            Detected language: <strong>{result.text_language}</strong> · {result.processing_time_ms} ms
          </p>
          <ol class="predictions">
            {predictions.map((prediction) => (
              <li key={prediction.label}>
                <span class="label">{prediction.label}</span>{' '}
                <meter min={0} max={1} value={prediction.confidence} aria-label={`confidence of ${prediction.label}`} />{' '}
                {percent(prediction.confidence)}
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
