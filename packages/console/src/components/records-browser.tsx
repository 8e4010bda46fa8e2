// A dataset's records, paginated and filtered on the server: a model's predicted label, needs-review, a creation window.
import { useEffect, useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ErrorBox, percent, when } from './ui.js';

const PAGE = 20;

interface Filters {
  label: string;
  modelId: string;
  needsReview: boolean;
  after: string;
  before: string;
}

const NO_FILTERS: Filters = { label: '', modelId: '', needsReview: false, after: '', before: '' };

/** The list's query: only the filters set; a date is the start of that day, local time. */
function queryOf(filters: Filters, offset: number) {
  const day = (value: string) => new Date(`${value}T00:00:00`).toISOString();
  return {
    offset,
    limit: PAGE,
    ...(filters.label ? { label: filters.label } : {}),
    ...(filters.modelId ? { model_id: Number(filters.modelId) } : {}),
    ...(filters.needsReview ? { needs_review: true } : {}),
    ...(filters.after ? { created_after: day(filters.after) } : {}),
    ...(filters.before ? { created_before: day(filters.before) } : {}),
  };
}

export function RecordsBrowser(props: {
  datasetId: string;
  textColumn: string;
  modelIds: number[];
  /** Changes when records were added (an upload finished), to look again. */
  version: number;
}) {
  const { client } = useSession();
  const [offset, setOffset] = useState(0);
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const path = { dataset_id: props.datasetId };
  // The page is kept with the filters it was asked with: until a new filter's answer arrives, the last page stays on
  // screen and must not be captioned as matching filters it was not filtered by.
  const records = useLoad(async () => {
    const query = queryOf(filters, offset);
    const page = await ok(client.GET('/v2/datasets/{dataset_id}/records', { params: { path, query } }));
    return { page, filtered: JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) };
  }, [props.datasetId, offset, filters, props.version]);
  const page = records.data?.page;
  // Live view: while the dataset's models have not classified every record on the page, look again each second.
  const waiting = props.modelIds.length > 0 && (page?.data.some((r) => r.classifications === null) ?? false);
  useEffect(() => {
    if (!waiting || records.loading) return;
    const timer = window.setTimeout(records.reload, 1000);
    return () => window.clearTimeout(timer);
  }, [waiting, records.loading, records.data]);
  const set = (patch: Partial<Filters>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <>
      <form
        class="row filters"
        aria-label="Filter the records"
        onSubmit={(event) => {
          event.preventDefault();
          setOffset(0);
          setFilters(draft);
        }}
      >
        <label for="filter-label">Predicted label</label>
        <input id="filter-label" value={draft.label} onInput={(e) => set({ label: e.currentTarget.value })} />
        {props.modelIds.length > 1 && (
          <>
            <label for="filter-model">by model</label>
            <select id="filter-model" value={draft.modelId} onChange={(e) => set({ modelId: e.currentTarget.value })}>
              <option value="">any</option>
              {props.modelIds.map((id) => (
                <option key={id} value={String(id)}>
                  {id}
                </option>
              ))}
            </select>
          </>
        )}
        <label class="inline">
          <input
            type="checkbox"
            checked={draft.needsReview}
            onChange={(e) => set({ needsReview: e.currentTarget.checked })}
          />{' '}
          needs review
        </label>
        <label for="filter-after">Created from</label>
        <input
          id="filter-after"
          type="date"
          value={draft.after}
          onInput={(e) => set({ after: e.currentTarget.value })}
        />
        <label for="filter-before">before</label>
        <input
          id="filter-before"
          type="date"
          value={draft.before}
          onInput={(e) => set({ before: e.currentTarget.value })}
        />
        <button type="submit" data-testid="apply-filters">
          Apply filters
        </button>
        <button type="button" onClick={records.reload}>
          Refresh
        </button>
      </form>
      <ErrorBox error={records.error} />
      {page && (
        <RecordsTable
          page={page}
          textColumn={props.textColumn}
          filtered={records.data?.filtered ?? false}
          busy={records.loading}
        />
      )}
      {page && (
        <div class="toolbar">
          <button type="button" disabled={page.offset === 0} onClick={() => setOffset(Math.max(0, page.offset - PAGE))}>
            Previous page
          </button>
          <button type="button" disabled={!page.has_more} onClick={() => setOffset(page.offset + PAGE)}>
            Next page
          </button>
        </div>
      )}
    </>
  );
}

function RecordsTable(props: { page: Schemas['RecordPage']; textColumn: string; filtered: boolean; busy: boolean }) {
  const { page } = props;
  const top = (record: Schemas['Record']) =>
    record.classifications
      ? Object.values(record.classifications).map((c) => `${c.label} (${percent(c.confidence)})`)
      : [];
  return (
    <table data-testid="records" data-total={page.total} aria-busy={props.busy}>
      <caption>
        {page.total === 0
          ? props.filtered
            ? 'No records match the filters'
            : 'No records yet'
          : `Records ${page.offset + 1}–${page.offset + page.data.length} of ${page.total}${props.filtered ? ' matching the filters' : ''}`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Text</th>
          <th scope="col">Classified as</th>
          <th scope="col">Needs review</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {page.data.map((record) => (
          <tr key={record.id}>
            <td>{String(record.values[props.textColumn] ?? '')}</td>
            <td>{top(record).join(', ') || 'not yet'}</td>
            <td>{record.needs_review.length > 0 ? 'yes' : ''}</td>
            <td>{when(record.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
