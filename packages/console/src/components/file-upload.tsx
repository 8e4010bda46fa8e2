// A dataset's CSV upload: a progress bar of the bytes sent, then the ingest status until completed or failed (with the
// failing line).
import { useEffect, useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useSession } from '../lib/session-context.js';
import { fetchWithUploadProgress } from '../lib/upload-fetch.js';
import { ErrorBox, Section } from './ui.js';

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(bytes < 10_240 ? 1 : 0)} kB`;

export function FileUpload({ datasetId, onDone }: { datasetId: string; onDone: () => void }) {
  const { client } = useSession();
  const [upload, setUpload] = useState<Schemas['Upload'] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [sent, setSent] = useState<{ bytes: number; total: number } | null>(null);
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
    setSent({ bytes: 0, total: file.size });
    setError(null);
    setUpload(null);
    try {
      const started = await ok(
        client.POST('/v2/datasets/{dataset_id}/uploads', {
          params: { path: { dataset_id: datasetId } },
          body: await file.text(),
          bodySerializer: (body: string) => body,
          headers: { 'Content-Type': 'text/csv' },
          fetch: fetchWithUploadProgress((bytes, total) => setSent({ bytes, total })),
        }),
      );
      setUpload(started);
      if (started.status !== 'processing') onDone();
    } catch (failure) {
      setError(failure);
    } finally {
      setSent((last) => (last ? { ...last, bytes: last.total } : null));
    }
  };
  const sending = sent !== null && upload === null && error === null;
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
      {sent && (
        <div data-testid="upload-sent">
          <label for="upload-bytes">
            {sending ? 'Sending the file' : 'File sent'}: {kilobytes(sent.bytes)} of {kilobytes(sent.total)}
          </label>
          <progress id="upload-bytes" max={Math.max(1, sent.total)} value={sent.bytes} />
        </div>
      )}
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
