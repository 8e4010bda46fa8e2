// The review queue, keyboard first: digits pick a label, Enter confirms, `u` goes back to correct the last answer.
import { useEffect, useRef, useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ActionButton, ErrorBox, Loading, percent } from '../components/ui.js';
import { TrainingProgress } from '../components/training-progress.js';
import { Link } from '../components/link.js';

export function ReviewQueue({ modelId, datasetId }: { modelId: string; datasetId: string | null }) {
  const { client } = useSession();
  const id = Number(modelId);
  const isAdmin = useCan('admin');
  const model = useLoad(() => ok(client.GET('/v2/models/{model_id}', { params: { path: { model_id: id } } })), [id]);
  const queue = useLoad(
    () =>
      ok(
        client.GET('/v2/models/{model_id}/review', {
          params: { path: { model_id: id }, query: { limit: 100, ...(datasetId ? { dataset_id: datasetId } : {}) } },
        }),
      ),
    [id, datasetId],
  );
  const [job, setJob] = useState<string | null>(null);
  if (!model.data || !queue.data)
    return model.error || queue.error ? (
      <ErrorBox error={model.error ?? queue.error} />
    ) : (
      <Loading what="the review queue" />
    );
  return (
    <>
      <h1>Review: {model.data.name}</h1>
      <p>
        <Link to={`/models/${id}`}>Back to the model</Link>
      </p>
      <Labeler
        key={queue.data.offset}
        items={queue.data.data}
        total={queue.data.total}
        labels={model.data.labels}
        modelId={id}
      />
      {isAdmin && (
        <div class="toolbar">
          <ActionButton
            label="Retrain now"
            kind="primary"
            testId="retrain"
            run={async () => {
              const started = await ok(
                client.POST('/v2/models/{model_id}/training-jobs', { params: { path: { model_id: id } }, body: {} }),
              );
              setJob(started.id);
            }}
          />
          <button type="button" onClick={queue.reload}>
            Load the queue again
          </button>
        </div>
      )}
      {job && <TrainingProgress modelId={id} jobId={job} />}
    </>
  );
}

interface Answered {
  index: number;
  label: string;
}

function Labeler(props: { items: Schemas['ReviewItem'][]; total: number; labels: string[]; modelId: number }) {
  const { client } = useSession();
  const [index, setIndex] = useState(0);
  const [picked, setPicked] = useState<string | null>(null);
  const [answered, setAnswered] = useState<Answered[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const region = useRef<HTMLDivElement>(null);
  const item = props.items[index];

  useEffect(() => {
    region.current?.focus();
  }, []);

  const confirm = async () => {
    if (!item || picked === null || busy) return;
    setBusy(true);
    setError(null);
    try {
      await ok(
        client.POST('/v2/models/{model_id}/review/{record_id}', {
          params: { path: { model_id: props.modelId, record_id: item.record_id } },
          body: { label: picked },
        }),
      );
      setAnswered((list) => [...list.filter((entry) => entry.index !== index), { index, label: picked }]);
      setIndex(index + 1);
      setPicked(null);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const undo = () => {
    const last = answered[answered.length - 1];
    if (!last) return;
    setIndex(last.index);
    setPicked(last.label);
    setAnswered(answered.slice(0, -1));
  };

  const onKey = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLButtonElement && (event.key === 'Enter' || event.key === ' ')) return;
    if (/^[1-9]$/.test(event.key)) {
      const label = props.labels[Number(event.key) - 1];
      if (label !== undefined) {
        setPicked(label);
        event.preventDefault();
      }
    } else if (event.key === 'Enter') {
      event.preventDefault();
      void confirm();
    } else if (event.key === 'u' || event.key === 'U') {
      event.preventDefault();
      undo();
    }
  };

  return (
    <div
      class="labeler"
      tabIndex={0}
      ref={region}
      onKeyDown={onKey}
      role="group"
      aria-label="Labelling: digits pick a label, Enter confirms, u undoes"
      data-testid="labeler"
    >
      <p class="counter" data-testid="review-counter" aria-live="polite">
        {answered.length} labelled this session · {Math.max(0, props.items.length - index)} of {props.total} left to
        review
      </p>
      <p class="muted">
        Keys: 1–{Math.min(9, props.labels.length)} pick a label, Enter confirms, u undoes the last answer.
      </p>
      <ErrorBox error={error} />
      {item ? (
        <article class="review-item" data-testid="review-item">
          <blockquote>{item.text ?? JSON.stringify(item.values)}</blockquote>
          <p class="muted">
            The model said {item.label ?? 'nothing'} ({percent(item.confidence)}).
          </p>
          <div role="radiogroup" aria-label="Label">
            {props.labels.map((label, position) => (
              <button
                type="button"
                key={label}
                role="radio"
                aria-checked={picked === label}
                class={picked === label ? 'picked' : ''}
                onClick={() => setPicked(label)}
              >
                {position < 9 ? `${position + 1} · ` : ''}
                {label}
              </button>
            ))}
          </div>
          <button type="button" class="primary" disabled={picked === null || busy} onClick={() => void confirm()}>
            Confirm {picked ?? ''}
          </button>
        </article>
      ) : (
        <p role="status">Nothing left to review here.</p>
      )}
    </div>
  );
}
