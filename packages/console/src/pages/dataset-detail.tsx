// One dataset: its columns, a CSV upload followed until it completes or fails (with the failing line), and the records
// browser (paginated; filtered by predicted label, needs-review and date).
import { useEffect, useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ErrorBox, Loading, Section, percent, when } from '../components/ui.js';

const PAGE = 20;

export function DatasetDetail({ datasetId }: { datasetId: string }) {
  const { client } = useSession();
  const canWrite = useCan('member');
  const path = { dataset_id: datasetId };
  const dataset = useLoad(() => ok(client.GET('/v2/datasets/{dataset_id}', { params: { path } })), [datasetId]);
  const [offset, setOffset] = useState(0);
  const records = useLoad(
    () => ok(client.GET('/v2/datasets/{dataset_id}/records', { params: { path, query: { offset, limit: PAGE } } })),
    [datasetId, offset],
  );
  // Live view: while the dataset's models have not classified every record on the page, look again each second.
  const waiting =
    (dataset.data?.model_ids.length ?? 0) > 0 && (records.data?.data.some((r) => r.classifications === null) ?? false);
  useEffect(() => {
    if (!waiting || records.loading) return;
    const timer = window.setTimeout(records.reload, 1000);
    return () => window.clearTimeout(timer);
  }, [waiting, records.loading, records.data]);
  if (!dataset.data) return dataset.error ? <ErrorBox error={dataset.error} /> : <Loading what="the dataset" />;
  const d = dataset.data;
  return (
    <>
      <h1>{d.name}</h1>
      <p>
        {d.key} · {d.row_count} rows · {d.status} · columns {d.columns.map((column) => column.name).join(', ')} (text:{' '}
        {d.text_column})
      </p>
      {canWrite && (
        <Upload
          datasetId={datasetId}
          onDone={() => {
            dataset.reload();
            records.reload();
          }}
        />
      )}
      <Section title="Records">
        <ErrorBox error={records.error} />
        {records.data && (
          <Records
            page={records.data}
            textColumn={d.text_column}
            onPage={(next) => setOffset(Math.max(0, next))}
            onRefresh={records.reload}
          />
        )}
      </Section>
    </>
  );
}

function Upload({ datasetId, onDone }: { datasetId: string; onDone: () => void }) {
  const { client } = useSession();
  const [upload, setUpload] = useState<Schemas['Upload'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!upload || upload.status !== 'processing') return;
    const timer = window.setTimeout(() => {
      ok(
        client.GET('/v2/datasets/{dataset_id}/uploads/{upload_id}', {
          params: { path: { dataset_id: datasetId, upload_id: upload.id } },
        }),
      ).then((next) => {
        setUpload(next);
        if (next.status !== 'processing') onDone();
      }, setError);
    }, 500);
    return () => window.clearTimeout(timer);
  }, [upload]);
  const send = async (file: File | undefined) => {
    if (!file) return;
    setSending(true);
    setError(null);
    setUpload(null);
    try {
      const started = await ok(
        client.POST('/v2/datasets/{dataset_id}/uploads', {
          params: { path: { dataset_id: datasetId } },
          body: await file.text(),
          bodySerializer: (body: string) => body,
          headers: { 'Content-Type': 'text/csv' },
        }),
      );
      setUpload(started);
      if (started.status !== 'processing') onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setSending(false);
    }
  };
  const stored = upload && upload.rows_received > 0 ? upload.rows_stored / upload.rows_received : 0;
  return (
    <Section title="Upload a CSV file">
      <label for="upload-file">CSV file with a header row naming the dataset's columns</label>
      <input
        id="upload-file"
        type="file"
        accept=".csv,text/csv"
        disabled={sending}
        onChange={(e) => void send(e.currentTarget.files?.[0])}
      />
      {sending && <p role="status">Sending the file…</p>}
      {upload && (
        <div data-testid="upload-status" data-status={upload.status}>
          <label for="upload-progress">
            Upload {upload.id}: {upload.status} · {upload.rows_stored} of {upload.rows_received} rows stored ·{' '}
            {upload.bytes_received} bytes
          </label>
          <progress id="upload-progress" max={1} value={upload.status === 'completed' ? 1 : stored} />
          {upload.error && (
            <p class="error" role="alert">
              The upload failed{upload.error.line ? ` at line ${upload.error.line}` : ''}: {upload.error.message}
            </p>
          )}
        </div>
      )}
      <ErrorBox error={error} />
    </Section>
  );
}

function Records(props: {
  page: Schemas['RecordPage'];
  textColumn: string;
  onPage: (offset: number) => void;
  onRefresh: () => void;
}) {
  const [label, setLabel] = useState('');
  const [reviewOnly, setReviewOnly] = useState(false);
  const [since, setSince] = useState('');
  const { page } = props;
  const top = (record: Schemas['Record']) =>
    record.classifications
      ? Object.values(record.classifications).map((c) => `${c.label} (${percent(c.confidence)})`)
      : [];
  const shown = page.data.filter((record) => {
    if (reviewOnly && record.needs_review.length === 0) return false;
    if (since && record.created_at < new Date(since).toISOString()) return false;
    if (label && !Object.values(record.classifications ?? {}).some((c) => c.label === label)) return false;
    return true;
  });
  return (
    <>
      <div class="row filters">
        <label for="filter-label">Predicted label</label>
        <input id="filter-label" value={label} onInput={(e) => setLabel(e.currentTarget.value)} />
        <label class="inline">
          <input type="checkbox" checked={reviewOnly} onChange={(e) => setReviewOnly(e.currentTarget.checked)} /> needs
          review
        </label>
        <label for="filter-since">Created since</label>
        <input id="filter-since" type="date" value={since} onInput={(e) => setSince(e.currentTarget.value)} />
        <button type="button" onClick={props.onRefresh}>
          Refresh
        </button>
      </div>
      <table data-testid="records">
        <caption>
          Records {page.offset + 1}–{page.offset + page.data.length} of {page.total}
          {shown.length !== page.data.length ? ` (${shown.length} on this page match the filters)` : ''}
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
          {shown.map((record) => (
            <tr key={record.id}>
              <td>{String(record.values[props.textColumn] ?? '')}</td>
              <td>{top(record).join(', ') || 'not yet'}</td>
              <td>{record.needs_review.length > 0 ? 'yes' : ''}</td>
              <td>{when(record.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div class="toolbar">
        <button type="button" disabled={page.offset === 0} onClick={() => props.onPage(page.offset - PAGE)}>
          Previous page
        </button>
        <button type="button" disabled={!page.has_more} onClick={() => props.onPage(page.offset + PAGE)}>
          Next page
        </button>
      </div>
    </>
  );
}
