// Webhooks (admin): endpoints (create, enable or disable, events), their delivery log with attempts, redeliver, and
// rotating the signing secret (shown once).
import { useEffect, useState } from 'preact/hooks';
import { ok, type Schemas } from '../lib/api.js';
import { useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ActionButton, ErrorBox, Loading, Section, when } from '../components/ui.js';
import { ShownOnce } from '../components/shown-once.js';

type EventType = Schemas['WebhookEventType'];
const EVENTS: EventType[] = ['classification.completed'];

export function Webhooks() {
  const { client } = useSession();
  const endpoints = useLoad(() => ok(client.GET('/v2/webhooks', { params: { query: { limit: 100 } } })), []);
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<{ label: string; value: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const create = async () => {
    setError(null);
    try {
      const created = await ok(client.POST('/v2/webhooks', { body: { url: url.trim(), events: EVENTS } }));
      setSecret({ label: `Signing secret of ${created.url}`, value: created.secret });
      setUrl('');
      endpoints.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <h1>Webhooks</h1>
      <form
        class="row"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label for="webhook-url">Endpoint URL</label>
        <input id="webhook-url" type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
        <button type="submit" class="primary" data-testid="create-webhook">
          Add endpoint
        </button>
      </form>
      <ErrorBox error={error} />
      {secret && <ShownOnce label={secret.label} secret={secret.value} />}
      <ErrorBox error={endpoints.error} />
      {endpoints.loading && !endpoints.data && <Loading what="webhook endpoints" />}
      {endpoints.data?.data.map((endpoint) => (
        <Endpoint
          key={endpoint.id}
          endpoint={endpoint}
          onChange={endpoints.reload}
          onSecret={(value) => setSecret({ label: `New signing secret of ${endpoint.url}`, value })}
        />
      ))}
    </>
  );
}

function Endpoint(props: {
  endpoint: Schemas['WebhookEndpoint'];
  onChange: () => void;
  onSecret: (secret: string) => void;
}) {
  const { client } = useSession();
  const { endpoint } = props;
  const path = { params: { path: { webhook_id: endpoint.id } } };
  const deliveries = useLoad(
    () =>
      ok(
        client.GET('/v2/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: endpoint.id }, query: { limit: 20 } },
        }),
      ),
    [endpoint.id],
  );
  // Live log: while a delivery is pending (being sent or waiting for its next attempt), look again each second.
  const pending = deliveries.data?.data.some((delivery) => delivery.status === 'pending') ?? false;
  useEffect(() => {
    if (!pending || deliveries.loading) return;
    const timer = window.setTimeout(deliveries.reload, 1000);
    return () => window.clearTimeout(timer);
  }, [pending, deliveries.loading, deliveries.data]);
  return (
    <Section title={endpoint.url}>
      <p>
        {endpoint.enabled ? 'enabled' : `disabled${endpoint.disabled_reason ? ` (${endpoint.disabled_reason})` : ''}`} ·
        events {endpoint.events.join(', ')} · created {when(endpoint.created_at)}
      </p>
      <div class="toolbar">
        <ActionButton
          label={endpoint.enabled ? 'Disable' : 'Enable'}
          run={() => ok(client.PATCH('/v2/webhooks/{webhook_id}', { ...path, body: { enabled: !endpoint.enabled } }))}
          done={props.onChange}
        />
        <ActionButton
          label="Rotate secret"
          run={async () =>
            props.onSecret((await ok(client.POST('/v2/webhooks/{webhook_id}/rotate-secret', path))).secret)
          }
        />
        <button type="button" onClick={deliveries.reload}>
          Refresh deliveries
        </button>
      </div>
      <ErrorBox error={deliveries.error} />
      {deliveries.data && (
        <table data-testid="deliveries">
          <caption>Delivery log ({deliveries.data.total})</caption>
          <thead>
            <tr>
              <th scope="col">Delivery</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts (status code)</th>
              <th scope="col">Next attempt</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.data.map((delivery) => (
              <tr key={delivery.id} data-status={delivery.status}>
                <td>
                  {delivery.id} · {delivery.event} · {when(delivery.created_at)}
                </td>
                <td>{delivery.status}</td>
                <td>
                  {delivery.attempts
                    .map(
                      (attempt) => `${attempt.status_code ?? attempt.error ?? '—'} (${attempt.latency_ms ?? '—'} ms)`,
                    )
                    .join(', ') || 'none yet'}
                </td>
                <td>{when(delivery.next_attempt_at)}</td>
                <td>
                  {delivery.status !== 'pending' && (
                    <ActionButton
                      label="Redeliver"
                      testId={`redeliver-${delivery.id}`}
                      run={() =>
                        ok(
                          client.POST('/v2/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', {
                            params: { path: { webhook_id: endpoint.id, delivery_id: delivery.id } },
                          }),
                        )
                      }
                      done={deliveries.reload}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  );
}
