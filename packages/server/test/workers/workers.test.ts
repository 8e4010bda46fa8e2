// `textclass serve --workers 2` on PostgreSQL: both workers answer, one killed is replaced, limits and metrics are the service's, SIGTERM drains all.
import { spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';
import { MAIN, runCli, startServerProcess, type ServerProcess } from '../../src/testing/server-process.js';
import { parseScrape } from '../testing/prometheus-text.js';

const LIMIT = 5;
if (!process.env.TEST_DATABASE_URL && process.env.CI) throw new Error('the workers test needs TEST_DATABASE_URL in CI');

/** One GET on a connection of its own: the cluster hands each new connection to the next worker in turn. */
function getOnce(url: string, key?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = key ? { Authorization: `Bearer ${key}` } : {};
    request(url, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

interface LogLine {
  msg?: string;
  pid?: number;
  path?: string;
  status?: number;
}

const logLines = (server: ServerProcess): LogLine[] =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** The worker pids the access log names for requests to `pathname`. */
const pidsServing = (server: ServerProcess, pathname: string) =>
  new Set(logLines(server).flatMap((line) => (line.msg === 'request' && line.path === pathname ? [line.pid] : [])));

async function until<T>(what: string, probe: () => T | undefined, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('serve --workers 2 on PostgreSQL', () => {
  let db: ScratchDatabase;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'workers');
    server = await startServerProcess({
      env: {
        DATABASE_URL: db.url,
        TEXTCLASS_WORKERS: '2',
        LOG_LEVEL: 'info',
        TEXTCLASS_DEFAULT_ENCODER: 'static-multi-100d',
      },
    });
    // /health answers once the first worker is ready; the primary prints its lines once both are.
    await until('both workers ready', () => (/textclass is ready at/.test(server.output()) ? true : undefined));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await db?.drop();
  });

  it('does the start-up once: one URL line, one key line, one default workspace', async () => {
    expect(
      server.output().match(/textclass is ready at http:\/\/127\.0\.0\.1:\d+ {2}\(\d+ ms, 2 workers\)/g),
    ).toHaveLength(1);
    expect(server.output().match(/API key: /g)).toHaveLength(1);
    const { rows } = await db.pool.query(`SELECT count(*)::int AS n FROM workspaces WHERE name = 'default'`);
    expect(rows[0].n).toBe(1);
  });

  it('answers requests from two different worker processes', async () => {
    for (let i = 0; i < 8; i++) expect(await getOnce(`${server.url}/v2/models`, server.apiKey)).toBe(200);
    const pids = pidsServing(server, '/v2/models');
    expect(pids.size).toBe(2);
    expect(pids.has(server.child.pid)).toBe(false);
  });

  it('serves the whole service in /metrics, whichever worker answers the scrape', async () => {
    for (let i = 0; i < 10; i++) expect(await getOnce(`${server.url}/v2/usage`, server.apiKey)).toBe(200);
    expect(pidsServing(server, '/v2/usage').size).toBe(2);
    for (let i = 0; i < 4; i++) {
      const scrape = await fetch(`${server.url}/metrics`, { headers: { Connection: 'close' } });
      const metrics = parseScrape(await scrape.text());
      expect(metrics.value('textclass_http_requests_total', { route: '/v2/usage', status: '200' })).toBe(10);
      expect(metrics.has('textclass_jobs_pending', { kind: 'classification' })).toBe(true);
    }
    expect(pidsServing(server, '/metrics').size).toBe(2);
  });

  it('holds a workspace to one rate limit across the workers (limit + one burst, exactly)', async () => {
    await db.pool.query(
      `INSERT INTO workspaces (name, plan, rate_limit_per_minute) VALUES ('workers-limited', 'enterprise', $1)`,
      [LIMIT],
    );
    const key = await runCli(['keys', 'create', '--workspace', 'workers-limited', '--role', 'reader'], {
      DATABASE_URL: db.url,
      LOG_LEVEL: 'warn',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 4 * LIMIT; i++) statuses.push(await getOnce(`${server.url}/v2/datasets`, key));
    expect(statuses.filter((status) => status === 200)).toHaveLength(2 * LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2 * LIMIT);
    expect(pidsServing(server, '/v2/datasets').size).toBe(2);
    const health = await (await fetch(`${server.url}/health`)).json();
    expect(health).toEqual({ status: 'ok', rate_limits: 'process' });
  });

  it('replaces a killed worker, and the service keeps answering', async () => {
    const ready = () => logLines(server).filter((line) => line.msg === 'worker ready');
    const [victim] = ready().map((line) => line.pid!);
    process.kill(victim!, 'SIGKILL');
    const replaced = await until('the replacement', () =>
      ready().find(
        (line) =>
          line.pid !== undefined &&
          !ready()
            .slice(0, 2)
            .some((first) => first.pid === line.pid),
      ),
    );
    expect(logLines(server).some((line) => line.msg === 'worker exited: replacing it' && line.pid === victim)).toBe(
      true,
    );
    for (let i = 0; i < 6; i++) expect(await getOnce(`${server.url}/v2/models`, server.apiKey)).toBe(200);
    expect(pidsServing(server, '/v2/models').has(replaced.pid)).toBe(true);
    // The counters of the dead worker stay in the service's totals.
    const metrics = parseScrape(await (await fetch(`${server.url}/metrics`)).text());
    expect(metrics.value('textclass_http_requests_total', { route: '/v2/usage', status: '200' })).toBe(10);
  });

  it('drains every worker on SIGTERM and exits 0', async () => {
    const workers = logLines(server).flatMap((line) => (line.msg === 'worker started' ? [line.pid!] : []));
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(server.output()).toContain('all workers stopped cleanly');
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('serve --workers 2 on the embedded database', () => {
  it('is refused with the setting to change', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-workers-'));
    try {
      const child = spawn(process.execPath, [MAIN, 'serve', '--workers', '2', '--port', '0'], {
        env: { ...process.env, DATABASE_URL: '', TEXTCLASS_DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toMatch(/TEXTCLASS_WORKERS=2 \(--workers 2\) needs PostgreSQL/);
      expect(stderr).toMatch(/Set DATABASE_URL \(or --database-url\)/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
