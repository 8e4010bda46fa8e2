// DATABASE_URL checks that need no driver: is it a PostgreSQL URL, and how to name it in logs.
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url);
}

/** The URL without credentials or query, safe to log. */
export function describePostgresUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}
