// Datasets: the list, and (admin) a form to create one with its columns, text column and classifying models.
import { useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ErrorBox, Loading, when } from '../components/ui.js';
import { Link } from '../components/link.js';
import { navigate } from '../lib/router.js';

export function DatasetList() {
  const { client } = useSession();
  const isAdmin = useCan('admin');
  const datasets = useLoad(() => ok(client.GET('/v2/datasets', { params: { query: { limit: 100 } } })), []);
  return (
    <>
      <h1>Datasets</h1>
      <ErrorBox error={datasets.error} />
      {datasets.loading && !datasets.data && <Loading what="datasets" />}
      {datasets.data && (
        <table>
          <caption>{datasets.data.total} datasets</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Rows</th>
              <th scope="col">Status</th>
              <th scope="col">Models</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {datasets.data.data.map((dataset) => (
              <tr key={dataset.id}>
                <td>
                  <Link to={`/datasets/${dataset.key}`}>{dataset.name}</Link>
                </td>
                <td>{dataset.row_count}</td>
                <td>{dataset.status}</td>
                <td>{dataset.model_ids.join(', ') || '—'}</td>
                <td>{when(dataset.created_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {isAdmin && <CreateDataset />}
    </>
  );
}

function CreateDataset() {
  const { client } = useSession();
  const models = useLoad(() => ok(client.GET('/v2/models', { params: { query: { limit: 100, status: 'all' } } })), []);
  const [name, setName] = useState('');
  const [columns, setColumns] = useState('text');
  const [chosen, setChosen] = useState<number[]>([]);
  const [error, setError] = useState<unknown>(null);
  const submit = async () => {
    setError(null);
    try {
      const names = columns
        .split(',')
        .map((column) => column.trim())
        .filter((column) => column !== '');
      const body: Schemas['CreateDatasetRequest'] = {
        name: name.trim(),
        columns: names.map((column) => ({ name: column, type: 'text' as const })),
        text_column: names[0] ?? 'text',
        model_ids: chosen,
      };
      const created = await ok(client.POST('/v2/datasets', { body }));
      navigate(`/datasets/${created.key}`);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <section aria-label="Create a dataset">
      <h2>Create a dataset</h2>
      <form
        class="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label for="dataset-name">Name</label>
        <input id="dataset-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="dataset-columns">Text columns, comma-separated (the first is the one classified)</label>
        <input id="dataset-columns" required value={columns} onInput={(e) => setColumns(e.currentTarget.value)} />
        <fieldset>
          <legend>Models that classify its records</legend>
          {models.data?.data.map((model) => (
            <label class="inline" key={model.id}>
              <input
                type="checkbox"
                checked={chosen.includes(model.id)}
                onChange={(e) =>
                  setChosen(e.currentTarget.checked ? [...chosen, model.id] : chosen.filter((id) => id !== model.id))
                }
              />{' '}
              {model.name}
            </label>
          ))}
        </fieldset>
        <button type="submit" class="primary" data-testid="create-dataset">
          Create dataset
        </button>
      </form>
      <ErrorBox error={error ?? models.error} />
    </section>
  );
}
