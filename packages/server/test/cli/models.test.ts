// An operator's whole model lifecycle with the CLI alone against a real server process: create, CSV examples, train with progress, metrics, deploy, classify, archive (409), redeploy, a second version, rollback, export / import.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  MAIN,
  startServerProcess,
  TEST_API_KEY,
  type ServerProcess,
} from '../../src/testing/server-process.js';
import { csvOf, labelledSet } from '../models/support.js';

const work = mkdtempSync(path.join(tmpdir(), 'textclass-cli-models-'));
let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ env: { TEXTCLASS_PIPELINE_POLL_MS: '50' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** Runs `textclass models …` against the server; resolves with stdout and stderr, rejects with stderr on failure. */
async function models(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env, TEXTCLASS_URL: server.url, TEXTCLASS_API_KEY: TEST_API_KEY };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [MAIN, 'models', ...args], { env });
    return { stdout: stdout.trim(), stderr };
  } catch (error) {
    throw new Error((error as { stderr?: string }).stderr || String(error), { cause: error });
  }
}
const json = async (...args: string[]) => JSON.parse((await models(...args)).stdout);

describe('textclass models', () => {
  it('sets cut-offs on create, and a target precision and the features per training', async () => {
    const english = labelledSet('sentiment').filter((r) => r.lang === 'en');
    const csv = path.join(work, 'cut-offs.csv');
    writeFileSync(csv, csvOf(english));
    const labels = ['--label', 'positive', '--label', 'negative', '--label', 'neutral'];
    const created = await json(
      'create',
      '--name',
      'CLI cut-offs',
      '--type',
      'fine-tuned',
      ...labels,
      '--target-precision',
      '0.9',
      '--label-threshold',
      'neutral=0.99',
    );
    expect(created).toMatchObject({ target_precision: 0.9, label_thresholds: { neutral: 0.99, positive: 0 } });
    await expect(
      models(
        'create',
        '--name',
        'CLI bad cut-off',
        '--type',
        'fine-tuned',
        ...labels,
        '--label-threshold',
        'mixed=0.5',
      ),
    ).rejects.toThrow(/label_thresholds.*"mixed"/);
    const id = String(created.id);
    await models('examples', id, '--file', csv);
    // The text alone (--features text): the cut-offs are the subject here, and one cross-validation instead of two.
    const job = JSON.parse(
      (await models('train', id, '--target-precision', '0.8', '--features', 'text', '--follow')).stdout,
    );
    expect(job).toMatchObject({ status: 'succeeded', options: { target_precision: 0.8, features: 'text' } });
    const [version] = (await models('versions', id)).stdout.split('\n').map((l) => JSON.parse(l));
    // Fitted on the training part's out-of-fold predictions: every example but the held-out ones.
    expect(version.metrics.cutoff_summary).toMatchObject({
      target_precision: 0.8,
      evaluated_on: english.length - version.metrics.evaluated_on,
    });
    expect(Object.keys(version.metrics.cutoffs).sort()).toEqual(['negative', 'neutral', 'positive']);
  }, 120_000);

  it('takes a fine-tuned model from a CSV to serving, archive, redeploy, rollback and a move to another model', async () => {
    const english = labelledSet('sentiment').filter((r) => r.lang === 'en');
    const csv = path.join(work, 'reviews.csv');
    writeFileSync(csv, csvOf(english));

    const created = await json(
      'create',
      '--name',
      'CLI sentiment',
      '--type',
      'fine-tuned',
      '--label',
      'positive',
      '--label',
      'negative',
      '--label',
      'neutral',
    );
    const id = String(created.id);
    expect(created).toMatchObject({ status: 'undeployed', version: null });
    expect((await json('examples', id, '--file', csv)).added).toBe(english.length);

    const trained = await models('train', id, '--seed', '5', '--follow');
    expect(trained.stderr).toMatch(/training job \d+: (queued|running) \w+ \d+%/);
    expect(trained.stderr).toMatch(/training job \d+: succeeded done 100% epoch \d+\/\d+ loss \d\.\d{4}\n$/);
    expect(JSON.parse(trained.stdout)).toMatchObject({ status: 'succeeded', version: 1, progress: 1 });
    const metrics = (await json('get', id)).metrics;
    expect(metrics.accuracy).not.toBeNull();
    expect(metrics.confusion_matrix).toHaveLength(3);

    expect(await json('deploy', id)).toMatchObject({ status: 'deployed', version: 1 });
    const classified = await json('classify', id, 'I love it, fantastic', 'It broke, terrible');
    expect(classified.predictions.map((p: Array<{ label: string }>) => p[0]!.label)).toEqual(['positive', 'negative']);

    expect(await json('archive', id)).toMatchObject({ status: 'archived' });
    await expect(models('classify', id, 'hello')).rejects.toThrow(/MODEL_ARCHIVED/);
    expect(await json('deploy', id)).toMatchObject({ status: 'deployed', version: 1 });

    const second = JSON.parse(
      (await models('train', id, '--architecture', 'mlp', '--max-epochs', '60', '--deploy', '--follow')).stdout,
    );
    expect(second).toMatchObject({ status: 'succeeded', version: 2 });
    expect(await json('get', id)).toMatchObject({ version: 2, previous_version: 1 });
    const versions = (await models('versions', id)).stdout.split('\n').map((l) => JSON.parse(l));
    expect(versions.map((v: { version: number; serving: boolean }) => [v.version, v.serving])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(await json('rollback', id)).toMatchObject({ version: 1, previous_version: 2 });

    const file = path.join(work, 'sentiment.textclass.json');
    const exported = await models('export', id, '--out', file);
    expect(exported.stderr).toMatch(/version 1/);
    expect(JSON.parse(readFileSync(file, 'utf8')).format).toBe('textclass.model');
    const imported = await json('import', file, '--name', 'CLI sentiment imported');
    expect(imported).toMatchObject({ name: 'CLI sentiment imported', status: 'undeployed', version: 1 });
    await json('deploy', String(imported.id));
    const again = await json('classify', String(imported.id), 'I love it, fantastic', 'It broke, terrible');
    expect(again.predictions).toEqual(
      (await json('classify', id, 'I love it, fantastic', 'It broke, terrible')).predictions,
    );
    const measured = await json('evaluate', String(imported.id), '--file', csv);
    expect(measured.evaluated_on).toBe(english.length);
    expect(measured.confusion_matrix.flat().reduce((a: number, b: number) => a + b, 0)).toBe(english.length);
    const listed = (await models('list', '--status', 'deployed')).stdout.split('\n').map((l) => JSON.parse(l).id);
    expect(listed).toEqual(expect.arrayContaining([created.id, imported.id]));
  }, 120_000);

  it("follows the models guide's deploy v1 → archive → train --deploy → rollback back to version 1", async () => {
    const english = labelledSet('sentiment').filter((r) => r.lang === 'en' && r.label !== 'neutral');
    const csv = path.join(work, 'two-labels.csv');
    writeFileSync(csv, csvOf(english));
    const id = String(
      (
        await json(
          'create',
          '--name',
          'CLI history',
          '--type',
          'fine-tuned',
          '--label',
          'positive',
          '--label',
          'negative',
        )
      ).id,
    );
    await json('examples', id, '--file', csv);
    expect(JSON.parse((await models('train', id, '--follow')).stdout)).toMatchObject({ version: 1 });
    expect(await json('deploy', id)).toMatchObject({ status: 'deployed', version: 1 });
    expect(await json('archive', id)).toMatchObject({ status: 'archived', version: 1 });
    const second = JSON.parse(
      (await models('train', id, '--architecture', 'mlp', '--max-epochs', '60', '--deploy', '--follow')).stdout,
    );
    expect(second).toMatchObject({ status: 'succeeded', version: 2 });
    expect(await json('get', id)).toMatchObject({ status: 'deployed', version: 2, previous_version: 1 });
    expect(await json('rollback', id)).toMatchObject({ status: 'deployed', version: 1, previous_version: 2 });
  }, 120_000);

  it('creates a multi-label model and adds examples with several labels (--labels a,b, or a|b in a CSV cell)', async () => {
    const created = await json(
      'create',
      '--name',
      'CLI tickets',
      '--type',
      'fine-tuned',
      '--multi-label',
      '--label',
      'refund',
      '--label',
      'complaint',
    );
    expect(created).toMatchObject({ multi_label: true, multi_label_cutoffs: { refund: 0.5, complaint: 0.5 } });
    const id = String(created.id);
    const one = await json(
      'examples',
      id,
      '--text',
      'Rude staff, and I want my money back',
      '--labels',
      'refund, complaint',
    );
    expect(one).toMatchObject({ added: 1, examples_per_label: { refund: 1, complaint: 1 } });
    const csv = path.join(work, 'tickets.csv');
    writeFileSync(
      csv,
      'text,label\n"Refund my order, please",refund\n"Nobody answers and the refund is late",complaint|refund\n',
    );
    const file = await json('examples', id, '--file', csv);
    expect(file).toMatchObject({ added: 2, examples_per_label: { refund: 3, complaint: 2 } });
    await expect(models('examples', id, '--text', 'x', '--labels', 'refund,weather')).rejects.toThrow(
      /examples\[0\]\.labels\[1\]: "weather" is not a label/,
    );
    await expect(models('examples', id, '--text', 'x')).rejects.toThrow(/--label or --labels/);
  }, 60_000);

  it('explains what went wrong: no key, an unreachable server, a refused request', async () => {
    await expect(
      promisify(execFile)(process.execPath, [MAIN, 'models', 'list'], {
        env: { ...process.env, TEXTCLASS_API_KEY: '' },
      }),
    ).rejects.toThrow(/--api-key/);
    // A port nothing listens on: the network's own reason, and where to look.
    const closed = await freePort();
    await expect(
      promisify(execFile)(
        process.execPath,
        [MAIN, 'models', 'list', '--url', `http://127.0.0.1:${closed}`, '--api-key', 'tc_x'],
        { env: process.env },
      ),
    ).rejects.toThrow(
      new RegExp(`cannot reach the server: connect ECONNREFUSED 127\\.0\\.0\\.1:${closed}: is the server running`),
    );
    await expect(models('train', '999999')).rejects.toThrow(/model 999999 was not found \(404 NOT_FOUND\)/);
  }, 60_000);
});
