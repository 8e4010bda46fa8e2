// deploy/: the alert rules pass `promtool check rules` and their unit tests, every dashboard query parses, the dashboard is well-formed Grafana JSON.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const DEPLOY_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../deploy');
const RULES = path.join(DEPLOY_DIR, 'prometheus/alerts.yml');
const RULE_TESTS = path.join(DEPLOY_DIR, 'prometheus/alerts.test.yml');
const DASHBOARD = path.join(DEPLOY_DIR, 'grafana/textclass-dashboard.json');

interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: Array<{ expr: string; refId: string }>;
}

/** Why promtool tests cannot run here, or undefined; in CI promtool must be there (.ci/run installs Debian's prometheus). */
function skipReason(): string | undefined {
  if (spawnSync('promtool', ['--version']).status === 0) return undefined;
  if (process.env.CI)
    throw new Error('promtool is missing: CI must install Debian\'s "prometheus" package (.ci/run does)');
  return 'needs promtool: apt-get install prometheus';
}

function promtool(...args: string[]): { status: number | null; output: string } {
  const run = spawnSync('promtool', args, { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

const dashboard = JSON.parse(readFileSync(DASHBOARD, 'utf8')) as {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string }> };
};
const queries = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));

/** A dashboard query as Prometheus would get it: Grafana's variables replaced by values. */
const asPromQL = (expr: string) =>
  expr.replaceAll('$__rate_interval', '5m').replaceAll('$__range', '1h').replaceAll('$job', '.*');

const reason = skipReason();

describe.skipIf(reason !== undefined)(`promtool${reason ? ` (skipped: ${reason})` : ''}`, () => {
  it('accepts the alert rules and passes their unit tests', () => {
    const checked = promtool('check', 'rules', RULES);
    expect(checked.status, checked.output).toBe(0);
    expect(checked.output).toMatch(/SUCCESS: \d+ rules found/);
    const tested = promtool('test', 'rules', RULE_TESTS);
    expect(tested.status, tested.output).toBe(0);
  });

  it('parses every dashboard query (checked as recording rules)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'textclass-dashboard-'));
    try {
      const file = path.join(dir, 'dashboard-queries.yml');
      const rules = queries.map(
        (q, i) => `      - record: dashboard:query_${i}\n        expr: ${JSON.stringify(asPromQL(q.expr))}`,
      );
      writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
      const checked = promtool('check', 'rules', file);
      expect(checked.status, checked.output).toBe(0);
      expect(checked.output).toContain(`SUCCESS: ${queries.length} rules found`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the Grafana dashboard', () => {
  it('is a dashboard with a data source variable, unique panel ids and panels within the 24-column grid', () => {
    expect(dashboard).toMatchObject({ uid: 'textclass-overview', title: 'textclass' });
    expect(dashboard.templating.list.map((v) => `${v.name}:${v.type}`)).toEqual(['datasource:datasource', 'job:query']);
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const panel of dashboard.panels) {
      expect(panel.gridPos.x + panel.gridPos.w, panel.title).toBeLessThanOrEqual(24);
      if (panel.type === 'row') continue;
      expect(panel.datasource, panel.title).toEqual({ type: 'prometheus', uid: '${datasource}' });
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
    }
    expect(queries.length).toBeGreaterThan(20);
    // Backlog gauges are the database's figures, reported alike by every process: never summed.
    for (const q of queries.filter((q) =>
      /textclass_(jobs_pending|jobs_oldest_age_seconds|webhook_backlog)\b/.test(q.expr),
    ))
      expect(q.expr, q.panel).toMatch(/^max[ (]/);
  });
});
