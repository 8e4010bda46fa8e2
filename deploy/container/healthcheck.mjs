// Container health probe: exits 0 when the server in this container answers 2xx on the given path (default /health/ready).
// Node only (the image has no curl): `node healthcheck.mjs /health/ready`.
const path = process.argv[2] ?? '/health/ready';
const port = process.env.PORT ?? '8080';

try {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { signal: AbortSignal.timeout(2_500) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
