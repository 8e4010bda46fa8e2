// The models CLI as a person and as a script sees it: tables on a terminal (a labelled confusion matrix), JSON lines
// when piped or with --json; examples and evaluations from files whose columns --text-column / --label-column name;
// every flag that does not go with the source refused with its reason.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';
import { labelledSet } from '../models/support.js';
import { runCliOnTerminal } from './terminal.js';

const work = mkdtempSync(path.join(tmpdir(), 'textclass-cli-tables-'));
let server: ServerProcess;
let env: NodeJS.ProcessEnv;
beforeAll(async () => {
  server = await startServerProcess({ env: { TEXTCLASS_PIPELINE_POLL_MS: '50' } });
  env = { TEXTCLASS_URL: server.url, TEXTCLASS_API_KEY: TEST_API_KEY };
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** `textclass models …` with stdout a pipe: resolves with stdout, rejects with stderr. */
async function piped(...args: string[]): Promise<string> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [MAIN, 'models', ...args], {
      env: { ...process.env, ...env },
    });
    return stdout.trim();
  } catch (error) {
    throw new Error((error as { stderr?: string }).stderr || String(error), { cause: error });
  }
}
const json = async (...args: string[]) => JSON.parse(await piped(...args));

const english = labelledSet('sentiment').filter((r) => r.lang === 'en');
const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;
/** The set as a CSV whose columns are not named text and label. */
const csv = `id,intent,body\n${english.map((r, i) => `${i},${r.label},${quoted(r.text)}`).join('\n')}\n`;

async function createModel(name: string): Promise<string> {
  const labels = ['--label', 'positive', '--label', 'negative', '--label', 'neutral'];
  return String((await json('create', '--name', name, '--type', 'fine-tuned', ...labels)).id);
}

describe('textclass models: files with their own column names', () => {
  it('adds examples from a CSV and a JSON Lines file by --text-column and --label-column', async () => {
    const id = await createModel('CLI columns');
    const file = path.join(work, 't.csv');
    writeFileSync(file, csv);
    const added = await json('examples', id, '--file', file, '--label-column', 'intent', '--text-column', 'body');
    expect(added).toMatchObject({ added: english.length });
    const lines = path.join(work, 't.jsonl');
    writeFileSync(lines, `${JSON.stringify({ body: 'Simply wonderful, thank you', intent: 'positive' })}\n`);
    const more = await json('examples', id, '--file', lines, '--label-column', 'intent', '--text-column', 'body');
    expect(more).toMatchObject({ added: 1 });
  }, 60_000);

  it('names the file, its line and the flags when a column is missing or a cell is empty', async () => {
    const id = await createModel('CLI column errors');
    const file = path.join(work, 'errors.csv');
    writeFileSync(file, 'body,intent\nfine,positive\nnothing here,\n');
    await expect(piped('examples', id, '--file', file)).rejects.toThrow(
      `${file}: line 1: the header row has no "text" column (name the columns with --text-column and --label-column)`,
    );
    await expect(
      piped('examples', id, '--file', file, '--text-column', 'body', '--label-column', 'intent'),
    ).rejects.toThrow(`${file}: line 3: "intent" must be a non-empty string`);
  }, 60_000);

  it('refuses each flag that does not go with the source, saying why', async () => {
    const file = path.join(work, 'refused.csv');
    writeFileSync(file, csv);
    await expect(piped('examples', '1', '--file', file, '--label', 'positive')).rejects.toThrow(
      /--label and --labels label one --text; the labels of a file or a dataset are in its label column \(--label-column\)/,
    );
    await expect(piped('examples', '1', '--text', 'hi', '--label', 'x', '--label-column', 'intent')).rejects.toThrow(
      /--label-column and --text-column name the columns of a --file or --dataset, not of --text/,
    );
    await expect(
      piped('examples', '1', '--dataset', 'ds_1', '--label-column', 'intent', '--text-column', 'body'),
    ).rejects.toThrow(/--text-column names a file's column; a dataset's text is the text column it was created with/);
    await expect(piped('examples', '1', '--dataset', 'ds_1')).rejects.toThrow(/--dataset needs --label-column/);
  }, 60_000);
});

describe('textclass models: tables on a terminal, JSON for scripts', () => {
  it('prints a labelled confusion matrix on a terminal, and JSON when piped or with --json', async () => {
    const id = await createModel('CLI tables');
    const file = path.join(work, 'tables.csv');
    writeFileSync(file, csv);
    await json('examples', id, '--file', file, '--label-column', 'intent', '--text-column', 'body');
    expect(JSON.parse(await piped('train', id, '--deploy', '--follow'))).toMatchObject({ status: 'succeeded' });

    const evaluate = ['evaluate', id, '--file', file, '--label-column', 'intent', '--text-column', 'body'];
    const table = await runCliOnTerminal(['models', ...evaluate], env);
    expect(table).toMatch(new RegExp(`^accuracy\\s+[\\d.]+\\nf1_macro\\s+[\\d.]+`));
    expect(table).toMatch(/evaluated_on\s+\d+/);
    expect(table).toContain('confusion_matrix (rows: gold label, columns: predicted label)');
    expect(table).toMatch(
      /gold \\ predicted\s+positive\s+negative\s+neutral\npositive(\s+\d+){3}\nnegative(\s+\d+){3}/,
    );
    expect(table).toMatch(/per_class\n\s+PRECISION\s+RECALL\s+F1\s+SUPPORT\npositive\s+/);

    const metrics = JSON.parse(await piped(...evaluate));
    expect(metrics.confusion_matrix).toHaveLength(3);
    const forced = JSON.parse(await runCliOnTerminal(['models', ...evaluate, '--json'], env));
    expect(forced.confusion_matrix).toEqual(metrics.confusion_matrix);

    const versions = await runCliOnTerminal(['models', 'versions', id], env);
    expect(versions).toMatch(/^VERSION\s+LABELS\s+.*\n1\s+positive, negative, neutral\s+/);
    expect(versions).toMatch(/\(metrics: shown with --json\)$/);

    const model = await runCliOnTerminal(['models', 'get', id], env);
    expect(model).toMatch(/^id\s+\d+\nname\s+CLI tables\n/);
    expect(model).toMatch(
      /metrics\.confusion_matrix \(rows: gold label, columns: predicted label\)\ngold \\ predicted\s+positive\s+negative\s+neutral\n/,
    );
  }, 120_000);

  it('lists models as one table on a terminal and as JSON lines when piped', async () => {
    await createModel('CLI list');
    const table = await runCliOnTerminal(['models', 'list'], env);
    expect(table).toMatch(/^ID\s+NAME\s+TYPE\s+STATUS/);
    expect(table).toMatch(/\n\d+\s+CLI list\s+fine-tuned\s+undeployed/);
    const lines = (await piped('list')).split('\n').map((line) => JSON.parse(line));
    expect(lines).toContainEqual(expect.objectContaining({ name: 'CLI list', status: 'undeployed' }));
  }, 60_000);
});
