// `textclass encoders pull` and `list` as a user runs them, against a local stand-in for the Hugging Face hub.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFixture, FIXTURE_ID, FIXTURE_REPO } from '../../src/adapters/encoder-hub/testing/export-fixture.js';
import { startHubStandIn, type HubStandIn } from '../../src/adapters/encoder-hub/testing/hub-stand-in.js';
import { runCli } from '../../src/testing/server-process.js';

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
    const listed = await runCli(['encoders', 'list'], env);
    expect(listed).toMatch(new RegExp(`${FIXTURE_ID}\\s+sentence-transformers\\s+\\d+ KiB\\s+pulled ${FIXTURE_REPO}@`));
    expect(listed).toMatch(/use-multi-612 \(default\)\s+joint\s+[\d.]+ MiB\s+built-in/);
    expect(listed).toMatch(/use-lite-en-512\s+unigram-transformer\s+[\d.]+ MiB\s+built-in/);
    expect(listed).toMatch(/static-multi-100d\s+static-embedding\s+[\d.]+ MiB\s+built-in/);
    expect(listed).toMatch(/static-en-100d\s+static-embedding\s+[\d.]+ MiB\s+built-in/);
    await expect(runCli(['encoders', 'pull', 'nobody/nothing'], env)).rejects.toThrow(
      /repository "nobody\/nothing" at revision "main" was not found/,
    );
  });
});
