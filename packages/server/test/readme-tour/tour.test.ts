// The README's five-minute tour and its lost-key recipe, every shell block run exactly as written (bash, from the
// repository root, `npx textclass` included) against the built server on 127.0.0.1 with the demo content, restarted
// with TEXTCLASS_WEBHOOK_ALLOW_PRIVATE=true for the webhook step as the README says; each check waits for its answer.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, TEST_API_KEY, type ServerProcess } from '../../src/testing/server-process.js';
import { readmeSection, shellBlocks, type ShellBlock } from './readme-blocks.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const tour = readmeSection('A five-minute tour');
const blocks = shellBlocks(tour);
const lostKey = shellBlocks(readmeSection('Lost your API key?'));
const dataDir = mkdtempSync(path.join(tmpdir(), 'textclass-readme-tour-'));
const children: ChildProcess[] = [];
let server: ServerProcess;

interface BlockRun {
  code: number | null;
  output: () => string;
}

/** Runs one block in bash from the repository root, with the variables the tour has the reader export. */
async function run(block: ShellBlock): Promise<BlockRun> {
  const env = {
    ...process.env,
    TEXTCLASS_URL: server.url,
    TEXTCLASS_API_KEY: TEST_API_KEY,
    TEXTCLASS_DATA_DIR: dataDir,
  };
  // Its own process group, so a job the block leaves running (the webhook receiver) is stopped with it afterwards.
  const child = spawn('bash', ['-e', '-c', block.code], { cwd: ROOT, env, detached: true, stdio: 'pipe' });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // 'exit', not 'close': a background job keeps the pipes open after bash is done.
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output: () => output };
}

/** Resolves once the check holds, or fails with what it last saw at the deadline. */
async function waitFor(check: () => boolean, describe: () => string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const step = (prefix: string) => blocks.filter((block) => block.step.startsWith(prefix));

beforeAll(async () => {
  server = await startServerProcess({ dataDir });
}, 120_000);
afterAll(async () => {
  for (const child of children) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      // the group has already gone
    }
  }
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the README's tour", () => {
  it('has the reader export the two variables its blocks use, and a block for each of its three steps', () => {
    expect(tour).toContain('`export TEXTCLASS_URL=http://localhost:8080 TEXTCLASS_API_KEY=tc_…`');
    expect(blocks.map((block) => block.step)).toEqual([
      '1. Classify with the demo models',
      '2. Train your own from a file',
      '3. Push a row and receive its webhook',
    ]);
    expect(lostKey).toHaveLength(1);
  });

  it('classifies with the demo models as shown', async () => {
    const [block] = step('1.');
    const { code, output } = await run(block!);
    expect(code, output()).toBe(0);
    expect(output()).not.toContain('error_code');
    expect(output()).toContain('"name":"Support topics"');
    expect(output()).toMatch(/"predictions":\[\[\{"label":"billing".*\],\[\{"label":"technical_issue"/);
  }, 120_000);

  it('trains a model from the example file, deploys it and classifies with it', async () => {
    const [block] = step('2.');
    const { code, output } = await run(block!);
    expect(code, output()).toBe(0);
    expect(output()).not.toContain('error_code');
    expect(output()).toContain('"added":24');
    expect(output()).toMatch(/"status":"succeeded"/);
    expect(output()).toMatch(/"predictions":\[\[\{"label":"delivery"/);
  }, 300_000);

  it('delivers the pushed row to the local receiver once the server allows private addresses', async () => {
    expect(tour).toContain('`TEXTCLASS_WEBHOOK_ALLOW_PRIVATE=true npm start`');
    const [block] = step('3.');
    const url = /"url": "(http:\/\/127\.0\.0\.1:\d+\/)"/.exec(block!.code)?.[1];
    // Without the setting, the receiver's address is refused, and the answer says which setting allows it.
    const refused = await fetch(`${server.url}/v2/webhooks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_API_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['classification.completed'] }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('TEXTCLASS_WEBHOOK_ALLOW_PRIVATE=true');
    // Stopped and started again on the same data, as the README says.
    await server.stop();
    server = await startServerProcess({ dataDir, env: { TEXTCLASS_WEBHOOK_ALLOW_PRIVATE: 'true' } });

    const { code, output } = await run(block!);
    expect(code, output()).toBe(0);
    expect(output()).not.toContain('error_code');
    expect(output()).toContain('"secret":"whsec_');
    await waitFor(
      () => /webhook msg_\S+: \{"event":"classification\.completed".*"text":"My parcel never arrived"/.test(output()),
      () => `no delivery printed by the receiver:\n${output()}\n${server.output()}`,
    );
    expect(output()).toMatch(/"classifications":\{"1":\{"label":"shipping"/);
  }, 300_000);
});

describe("the README's lost-key recipe", () => {
  it('makes a new admin key while the server runs, and the key works', async () => {
    const { code, output } = await run(lostKey[0]!);
    expect(code, output()).toBe(0);
    expect(output()).toContain('"name":"replacement admin key"');
    const key = /^(tc_\S{20,})$/m.exec(output())?.[1];
    expect(key, output()).toBeDefined();
    const answer = await fetch(`${server.url}/v2/api-keys`, { headers: { authorization: `Bearer ${key}` } });
    expect(answer.status).toBe(200);
  }, 120_000);
});
