// Keys and usage: the quota used this period and the rate limit (every role); the keys (admin): create, list, revoke.
import { useState } from 'preact/hooks';
import { ok, type Role } from '../lib/api.js';
import { useCan, useSession } from '../lib/session-context.js';
import { useLoad } from '../lib/use-load.js';
import { ActionButton, ErrorBox, Loading, Section, when } from '../components/ui.js';
import { ShownOnce } from '../components/shown-once.js';

export function KeysAndUsage() {
  const isAdmin = useCan('admin');
  return (
    <>
      <h1>Keys and usage</h1>
      <Usage />
      {isAdmin && <Keys />}
    </>
  );
}

function Usage() {
  const { client, me } = useSession();
  const usage = useLoad(() => ok(client.GET('/v2/usage', {})), []);
  return (
    <Section title="Usage">
      <ErrorBox error={usage.error} />
      {usage.loading && !usage.data && <Loading what="usage" />}
      {usage.data && (
        <div data-testid="usage">
          <p>
            {usage.data.used.toLocaleString()} classified texts used
            {usage.data.limit === null ? ' (no monthly quota)' : ` of ${usage.data.limit.toLocaleString()}`} since{' '}
            {when(usage.data.period_start)}; the period resets {when(usage.data.resets_at)}.
          </p>
          {usage.data.limit !== null && (
            <meter
              min={0}
              max={usage.data.limit}
              value={usage.data.used}
              high={usage.data.limit * 0.9}
              aria-label="Quota used"
            />
          )}
          <p>
            Rate limit: {me.workspace.rate_limit_per_minute} requests per minute ({me.workspace.plan} plan).
          </p>
        </div>
      )}
    </Section>
  );
}

function Keys() {
  const { client, me } = useSession();
  const keys = useLoad(() => ok(client.GET('/v2/api-keys', { params: { query: { limit: 100 } } })), []);
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('member');
  const [created, setCreated] = useState<{ name: string; role: Role; key: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const create = async () => {
    setError(null);
    try {
      setCreated(await ok(client.POST('/v2/api-keys', { body: { name: name.trim(), role } })));
      setName('');
      keys.reload();
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <Section title="API keys">
      <form
        class="row"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label for="key-name">Name</label>
        <input id="key-name" required value={name} onInput={(e) => setName(e.currentTarget.value)} />
        <label for="key-role">Role</label>
        <select id="key-role" value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
          <option value="reader">reader</option>
          <option value="member">member</option>
          <option value="admin">admin</option>
        </select>
        <button type="submit" class="primary" data-testid="create-key">
          Create key
        </button>
      </form>
      <ErrorBox error={error} />
      {created && <ShownOnce label={`New ${created.role} key "${created.name}"`} secret={created.key} />}
      <ErrorBox error={keys.error} />
      {keys.data && (
        <table data-testid="keys">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Key</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Revoked</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.data.map((key) => (
              <tr key={key.id} data-key-name={key.name}>
                <td>{key.name}</td>
                <td>{key.role}</td>
                <td>
                  <code>
                    {key.prefix}…{key.last_four}
                  </code>
                </td>
                <td>{when(key.created_at)}</td>
                <td>{when(key.last_used_at)}</td>
                <td>{when(key.revoked_at)}</td>
                <td>
                  {key.revoked_at === null && (
                    <ActionButton
                      label={key.id === me.key.id ? 'Revoke (this key: signs you out)' : 'Revoke'}
                      kind="danger"
                      run={() => ok(client.DELETE('/v2/api-keys/{key_id}', { params: { path: { key_id: key.id } } }))}
                      done={keys.reload}
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
