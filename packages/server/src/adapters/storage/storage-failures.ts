// Recognises the errors of the database and of the connection to it (PostgreSQL, PGlite, node-postgres and its pool): work that met one may succeed when tried again.
/** node-postgres, its pool, PGlite and Kysely report these without a code; matched by the start of their message. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout expired',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed',
  'Cannot use a pool after calling end',
  'PGlite is closed',
  'driver has already been destroyed',
];

/** A PostgreSQL error sent by the server (pg's and PGlite's DatabaseError): a severity and a five-character SQLSTATE. */
function isServerError(error: object): boolean {
  const { severity, code } = error as { severity?: unknown; code?: unknown };
  return typeof severity === 'string' && typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code);
}

/** A failed socket call (ECONNRESET, ECONNREFUSED, ETIMEDOUT, EPIPE …). */
function isSocketError(error: object): boolean {
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && typeof syscall === 'string';
}

/**
 * Whether the error, or one it wraps (`cause`, an AggregateError's `errors`), came from the database or the way to
 * it. None of them says anything about the data being processed: the record pipeline retries its job after one.
 */
export function isStorageFailure(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (isServerError(error) || isSocketError(error)) return true;
  if (error instanceof Error && DRIVER_MESSAGES.some((start) => error.message.startsWith(start))) return true;
  const wrapped = [
    (error as { cause?: unknown }).cause,
    ...(((error as { errors?: unknown }).errors as unknown[]) ?? []),
  ];
  return wrapped.some((inner) => isStorageFailure(inner, depth + 1));
}
