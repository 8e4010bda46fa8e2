// Models: every model of the workspace with its type, status, accuracy and last training.
import { ok } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ErrorBox, Loading, percent, when } from '../components/ui.js';
import { Link } from '../components/link.js';

export function ModelList() {
  const { client } = useSession();
  const isAdmin = useCan('admin');
  const models = useLoad(() => ok(client.GET('/v2/models', { params: { query: { limit: 100, status: 'all' } } })), []);
  return (
    <>
      <h1>Models</h1>
      {isAdmin && (
        <p>
          <Link to="/models/new" testId="new-model">
            Create a model
          </Link>
        </p>
      )}
      <ErrorBox error={models.error} />
      {models.loading && !models.data && <Loading what="models" />}
      {models.data && (
        <table>
          <caption>
            {models.data.total} model{models.data.total === 1 ? '' : 's'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Status</th>
              <th scope="col">Accuracy</th>
              <th scope="col">Last trained</th>
            </tr>
          </thead>
          <tbody>
            {models.data.data.map((model) => (
              <tr key={model.id}>
                <td>
                  <Link to={`/models/${encodeURIComponent(model.id)}`}>{model.name}</Link>
                </td>
                <td>{model.type}</td>
                <td>
                  <span class={`status ${model.status}`}>{model.status}</span>
                </td>
                <td>{percent(model.accuracy)}</td>
                <td>{when(model.last_trained)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
