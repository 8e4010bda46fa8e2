// A small history-API router under /console: the path after the base decides the page; links push state.
import { useEffect, useState } from 'preact/hooks';

export const BASE = '/console';

function currentPath(): string {
  const path = window.location.pathname.startsWith(BASE) ? window.location.pathname.slice(BASE.length) : '/';
  return path === '' ? '/' : path;
}

const listeners = new Set<() => void>();
window.addEventListener('popstate', () => listeners.forEach((listener) => listener()));

/** Goes to a console path (`/models/3`), keeping the query string given. */
export function navigate(path: string): void {
  window.history.pushState(null, '', `${BASE}${path}`);
  listeners.forEach((listener) => listener());
}

/** The current console path and query; re-renders on navigation. */
export function useRoute(): { path: string; query: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const listener = () => setTick((tick) => tick + 1);
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, []);
  return { path: currentPath(), query: new URLSearchParams(window.location.search) };
}

/** Matches `/models/:id` against a path; the named segments, decoded, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  for (let i = 0; i < want.length; i++) {
    const segment = want[i] ?? '';
    const value = got[i] ?? '';
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(value);
    else if (segment !== value) return null;
  }
  return params;
}
