// The texts behind one cell of a version's confusion matrix: its held-out examples with one true and one predicted
// label, a page at a time, each rendered as text.
import { useState } from 'preact/hooks';
import { ok } from '../lib/api.js';
import { useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ErrorBox, Loading, percent } from './ui.js';

const PAGE = 20;

export interface Cell {
  gold: string;
  predicted: string;
  count: number;
}

export function HeldOutTexts(props: { modelId: number; version: number; cell: Cell; onClose: () => void }) {
  const { client } = useSession();
  const { gold, predicted, count } = props.cell;
  const [offset, setOffset] = useState(0);
  const texts = useLoad(
    () =>
      ok(
        client.GET('/v2/models/{model_id}/versions/{version}/held-out', {
          params: {
            path: { model_id: props.modelId, version: props.version },
            query: { label: gold, predicted_label: predicted, offset, limit: PAGE },
          },
        }),
      ),
    [props.modelId, props.version, gold, predicted, offset],
  );
  const page = texts.data;
  return (
    <section class="panel" aria-labelledby="cell-title" data-testid="cell-detail">
      <h3 id="cell-title">
        Labelled {gold}, predicted as {predicted}
      </h3>
      <p class="muted">
        {count} held-out example{count === 1 ? '' : 's'} of version {props.version}: the texts the training kept back to
        measure the model.
      </p>
      <ErrorBox error={texts.error} />
      {!page && !texts.error && <Loading what="the texts" />}
      {page && page.total === 0 && <p>No held-out example is in this cell.</p>}
      {page && page.total > 0 && (
        <ol class="cell-texts" start={page.offset + 1} data-testid="cell-texts">
          {page.data.map((row) => (
            <li key={row.example_id}>
              <span class="text">{row.text}</span>{' '}
              <span class="muted">
                ({percent(row.confidence)} sure of {row.predicted_label})
              </span>
            </li>
          ))}
        </ol>
      )}
      <div class="toolbar">
        {page && page.total > PAGE && (
          <>
            <button type="button" disabled={page.offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              Previous texts
            </button>
            <button type="button" disabled={!page.has_more} onClick={() => setOffset(offset + PAGE)}>
              Next texts
            </button>
          </>
        )}
        <button type="button" onClick={props.onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
