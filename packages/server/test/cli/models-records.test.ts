// `textclass models examples list|edit|delete`, `models update` and `models evaluations` against a real server process; adding examples with `models examples <id>` still works beside them.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MAIN, startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ env: { TEXTCLASS_PIPELINE_POLL_MS: '50' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function models(...args: string[]): Promise<string> {
  const env = { ...process.env, TEXTCLASS_URL: server.url, TEXTCLASS_API_KEY: TEST_API_KEY };
  try {
    return (await promisify(execFile)(process.execPath, [MAIN, 'models', ...args], { env })).stdout.trim();
  } catch (error) {
    throw new Error((error as { stderr?: string }).stderr || String(error), { cause: error });
  }
}
const lines = async (...args: string[]) =>
  (await models(...args))
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));

describe('textclass models examples list|edit|delete, update, evaluations', () => {
  it('lists, edits and deletes examples by id', async () => {
    const created = JSON.parse(
      await models(
        'create',
        '--name',
        'CLI examples',
        '--type',
        'fine-tuned',
        '--label',
        'refund',
        '--label',
        'shipping',
      ),
    );
    const id = String(created.id);
    await models('examples', id, '--text', 'money back please', '--label', 'refund');
    await models('examples', id, '--text', 'where is my parcel', '--label', 'shipping');
    const all = await lines('examples', 'list', id);
    expect(all.map((e) => [e.text, e.label])).toEqual([
      ['money back please', 'refund'],
      ['where is my parcel', 'shipping'],
    ]);
    expect(await lines('examples', 'list', id, '--label', 'shipping')).toHaveLength(1);
    expect(await lines('examples', 'list', id, '--offset', '1', '--limit', '1')).toEqual([all[1]]);

    const edited = JSON.parse(
      await models('examples', 'edit', id, all[0].id, '--text', 'refund my order', '--label', 'refund'),
    );
    expect(edited.example).toMatchObject({ id: all[0].id, text: 'refund my order', label: 'refund' });
    await expect(models('examples', 'edit', id, all[0].id, '--label', 'returns')).rejects.toThrow(/label: "returns"/);
    await expect(models('examples', 'edit', id, all[0].id)).rejects.toThrow(/give --text, --label or --labels/);

    await models('examples', 'delete', id, all[1].id);
    expect((await lines('examples', 'list', id)).map((e) => e.id)).toEqual([all[0].id]);
    await expect(models('examples', 'delete', id, all[1].id)).rejects.toThrow(/404 NOT_FOUND/);
  }, 300_000);

  it('updates a model and lists its evaluations, newest first', async () => {
    const created = JSON.parse(
      await models('create', '--name', 'CLI update', '--type', 'zero-shot', '--label', 'refund', '--label', 'shipping'),
    );
    const id = String(created.id);
    const updated = JSON.parse(
      await models('update', id, '--name', 'CLI updated', '--threshold', '0.6', '--label-threshold', 'refund=0.8'),
    );
    expect(updated).toMatchObject({
      name: 'CLI updated',
      confidence_threshold: 0.6,
      label_thresholds: { refund: 0.8 },
    });
    await expect(models('update', id, '--threshold', '2')).rejects.toThrow(
      /--threshold "2": give a number from 0 to 1/,
    );
    await expect(models('update', id)).rejects.toThrow(/nothing to change/);
    const relabelled = JSON.parse(await models('update', id, '--label', 'refund=money back|charged twice'));
    expect(relabelled.version).toBe(2);

    await models('deploy', id);
    expect(await lines('evaluations', id)).toEqual([]);
    const { writeFileSync, mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join(tmpdir(), 'textclass-cli-evals-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'set.csv');
    writeFileSync(file, 'text,label\nI want my money back,refund\nmy parcel is lost,shipping\n');
    await models('evaluate', id, '--file', file);
    writeFileSync(file, 'text,label\nI want my money back,refund\n');
    await models('evaluate', id, '--file', file);
    const history = await lines('evaluations', id);
    expect(history.map((e) => [e.version, e.metrics.evaluated_on])).toEqual([
      [2, 1],
      [2, 2],
    ]);
    expect(await lines('evaluations', id, '--version', '1')).toEqual([]);
  }, 300_000);
});
