// The console's shell: sign-in until a key is accepted, then the navigation (by role) and the page of the path.
import { useEffect, useState } from 'preact/hooks';
import { connect, ok } from './lib/api.js';
import { forgetKey, storeKey, storedKey } from './lib/session.js';
import { SessionContext, type Session } from './lib/session-context.js';
import { navigate, useRoute } from './lib/router.js';
import { Loading } from './components/ui.js';
import { SignIn } from './pages/sign-in.js';
import { Page, NAVIGATION } from './pages/routes.js';

async function openSession(apiKey: string, signOut: () => void): Promise<Session> {
  const client = connect(apiKey);
  const me = await ok(client.GET('/v2/me', {}));
  return { client, me, signOut };
}

export function App() {
  const [session, setSession] = useState<Session | null>(null);
  const [restoring, setRestoring] = useState(storedKey() !== null);
  const [error, setError] = useState<unknown>(null);
  const route = useRoute();

  const signOut = () => {
    forgetKey();
    setSession(null);
    navigate('/');
  };

  const signIn = async (apiKey: string) => {
    setError(null);
    try {
      const opened = await openSession(apiKey, signOut);
      storeKey(apiKey);
      setSession(opened);
    } catch (failure) {
      setError(failure);
    }
  };

  useEffect(() => {
    const key = storedKey();
    if (key === null) return;
    openSession(key, signOut)
      .then(setSession, (failure: unknown) => {
        forgetKey();
        setError(failure);
      })
      .finally(() => setRestoring(false));
  }, []);

  if (restoring) return <Loading what="your session" />;
  if (!session) return <SignIn onSubmit={signIn} error={error} />;
  const role = session.me.key.role;
  return (
    <SessionContext.Provider value={session}>
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="top">
        <span class="brand">textclass console</span>
        <nav aria-label="Main">
          <ul>
            {NAVIGATION.filter((item) => item.roles.includes(role)).map((item) => (
              <li key={item.path}>
                <a
                  href={`/console${item.path}`}
                  aria-current={route.path.startsWith(item.path) ? 'page' : undefined}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(item.path);
                  }}
                >
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span class="who" data-testid="who">
          {session.me.key.name} · <strong>{role}</strong> · {session.me.workspace.name}
        </span>
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main id="main">
        <Page path={route.path} query={route.query} />
      </main>
    </SessionContext.Provider>
  );
}
