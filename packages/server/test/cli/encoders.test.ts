// `textclass encoders pull` and `list` as a user runs them, against a local stand-in for the Hugging Face hub.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFixture, FIXTURE_ID, FIXTURE_REPO } from '../../src/adapters/encoder-hub/testing/export-fixture.js';
import { startHubStandIn, type HubStandIn } from '../../src/adapters/encoder-hub/testing/hub-stand-in.js';
import { runCli } from '../../src/testing/server-process.js';
import { runCliOnTerminal } from './terminal.js';

const modelsDir = mkdtempSync(path.join(tmpdir(), 'textclass-cli-encoders-'));
let hub: HubStandIn;

beforeAll(async () => {
  hub = await startHubStandIn();
  hub.repos.set(FIXTURE_REPO, exportFixture());
});
afterAll(async () => {
  await hub?.close();
  rmSync(modelsDir, { recursive: true, force: true });
});

describe('textclass encoders', () => {
  it('pulls an export from HF_ENDPOINT and lists it next to the built-in encoder', async () => {
    const env = { HF_ENDPOINT: hub.url, TEXTCLASS_MODELS_DIR: modelsDir };
    expect(await runCli(['encoders', 'pull', FIXTURE_REPO, '--file', 'onnx/model_qint8_avx512_vnni.onnx'], env)).toBe(
      FIXTURE_ID,
    );
    const listed = await runCliOnTerminal(['encoders', 'list'], env);
    expect(listed).toMatch(/^ID\s+FORMAT\s+SIZE\s+SOURCE\n/);
    expect(listed).toMatch(new RegExp(`${FIXTURE_ID}\\s+sentence-transformers\\s+\\d+ KiB\\s+pulled ${FIXTURE_REPO}@`));
    expect(listed).toMatch(/use-multi-612 \(default\)\s+joint\s+[\d.]+ MiB\s+built-in/);
    expect(listed).toMatch(/use-lite-en-512\s+unigram-transformer\s+[\d.]+ MiB\s+built-in/);
    expect(listed).toMatch(/static-multi-100d\s+static-embedding\s+[\d.]+ MiB\s+built-in/);
    expect(listed).toMatch(/static-en-100d\s+static-embedding\s+[\d.]+ MiB\s+built-in/);
    // Piped (as here) or with --json on a terminal: one JSON object a line, the default marked.
    const piped = (await runCli(['encoders', 'list'], env)).split('\n').map((line) => JSON.parse(line));
    expect(piped).toContainEqual(expect.objectContaining({ id: 'use-multi-612', format: 'joint', default: true }));
    expect(piped).toContainEqual(expect.objectContaining({ id: FIXTURE_ID, default: false }));
    const json = await runCliOnTerminal(['encoders', 'list', '--json'], env);
    expect(json.split('\n').map((line) => JSON.parse(line))).toEqual(piped);
    await expect(runCli(['encoders', 'pull', 'nobody/nothing'], env)).rejects.toThrow(
      /repository "nobody\/nothing" at revision "main" was not found/,
    );
  }, 120_000);

  it('says what timed out and gives up after its retries when the hub accepts and never answers', async () => {
    const hanging = await startHubStandIn();
    hanging.hangAll = true;
    try {
      const env = {
        HF_ENDPOINT: hanging.url,
        TEXTCLASS_MODELS_DIR: modelsDir,
        TEXTCLASS_PULL_FIRST_BYTE_TIMEOUT: '0.2',
        TEXTCLASS_PULL_RETRY_DELAY: '0.05',
      };
      const failure = runCli(['encoders', 'pull', FIXTURE_REPO, '--retries', '1', '--no-progress'], env);
      await expect(failure).rejects.toThrow(
        /try 1 of 2 failed: 127\.0\.0\.1:\d+ accepted the connection but sent no answer within 0\.2 s \(first-byte timeout, --first-byte-timeout\).*; retrying in 0\.05 s/,
      );
      await expect(failure).rejects.toThrow(/\(gave up after 2 tries\)/);
      expect(hanging.requests).toHaveLength(2);
      await expect(runCli(['encoders', 'pull', FIXTURE_REPO, '--idle-timeout', 'soon'], env)).rejects.toThrow(
        /--idle-timeout.*expected a number of seconds above 0, got "soon"/,
      );
    } finally {
      await hanging.close();
    }
  });
});
