// Starts the full server in this process (real database, encoders and HTTP stack) on a free port; on PostgreSQL when TEST_DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generateApiKey } from '../../src/core/tenancy/api-key-tokens.js';
import type { Plan, Role, Workspace } from '../../src/core/shared/types.js';
import { loadConfig, type ConfigOverrides } from '../../src/app/config/load-config.js';
import { createLogger, type Logger } from '../../src/adapters/observability/logger.js';
import { startServer, type RunningServer } from '../../src/app/compose/server.js';
import { createScratchDatabase, type ScratchDatabase } from '../../src/testing/scratch-database.js';

export const ADMIN_KEY = 'tc_http_test_admin_key_0123456789';

export interface TestServer {
  url: string;
  running: RunningServer;
  workspace: Workspace;
  call(
    method: string,
    route: string,
    options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: any }>;
  createWorkspace(input: {
    name: string;
    plan?: Plan;
    rateLimitPerMinute?: number | null;
    monthlyQuota?: number | null;
  }): Promise<Workspace>;
  createKey(workspace: Workspace, role: Role): Promise<string>;
  close(): Promise<void>;
}

/** `logger`: where the server logs (default: nowhere); `fastLane: false`: every request through Express. */
export async function startTestServer(
  overrides: ConfigOverrides = {},
  options: { logger?: Logger; fastLane?: boolean } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-http-'));
  const baseUrl = process.env.TEST_DATABASE_URL;
  const scratch: ScratchDatabase | undefined =
    baseUrl && overrides.databaseUrl === undefined ? await createScratchDatabase(baseUrl, 'http') : undefined;
  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: scratch?.url,
      port: 0,
      host: '127.0.0.1',
      apiKey: ADMIN_KEY,
      logLevel: 'silent',
      validateResponses: true,
      ...overrides,
    },
  );
  const running = await startServer(config, options.logger ?? createLogger('silent'), undefined, {
    fastLane: options.fastLane,
  });
  await running.ready;
  const { repos } = running.runtime;
  const server: TestServer = {
    url: running.url,
    running,
    workspace: running.runtime.bootstrap.workspace,
    async call(method, route, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const key = options.key === undefined ? ADMIN_KEY : options.key;
      if (key !== null) headers.Authorization = `Bearer ${key}`;
      let body: string | undefined = options.raw;
      if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined && !headers['Content-Type']) headers['Content-Type'] = 'application/json';
      const res = await fetch(`${running.url}${route}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, headers: res.headers, body: parsed };
    },
    createWorkspace: (input) =>
      repos.workspaces.create({
        plan: 'starter',
        rateLimitPerMinute: null,
        monthlyQuota: null,
        billingCycleDay: 1,
        ...input,
      }),
    async createKey(workspace, role) {
      const key = generateApiKey();
      await repos.apiKeys.insert({
        workspaceId: workspace.id,
        prefix: key.prefix,
        lastFour: key.lastFour,
        keyHash: key.keyHash,
        role,
        name: 'test',
      });
      return key.key;
    },
    async close() {
      await running.stop();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
