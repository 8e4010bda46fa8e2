// One dataset: its columns, a CSV upload (bytes sent, then the ingest status until it completes or fails, with the
// failing line), and the records browser (paginated and filtered on the server by predicted label, needs-review, date).
import { useState } from 'preact/hooks';
import { ok } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ErrorBox, Loading, Section } from '../components/ui.js';
import { FileUpload } from '../components/file-upload.js';
import { RecordsBrowser } from '../components/records-browser.js';

export function DatasetDetail({ datasetId }: { datasetId: string }) {
  const { client } = useSession();
  const canWrite = useCan('member');
  const path = { dataset_id: datasetId };
  const dataset = useLoad(() => ok(client.GET('/v2/datasets/{dataset_id}', { params: { path } })), [datasetId]);
  const [uploads, setUploads] = useState(0);
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
        <FileUpload
          datasetId={datasetId}
          onDone={() => {
            dataset.reload();
            setUploads((count) => count + 1);
          }}
        />
      )}
      <Section title="Records">
        <RecordsBrowser datasetId={datasetId} textColumn={d.text_column} modelIds={d.model_ids} version={uploads} />
      </Section>
    </>
  );
}
