// `encoders pull` against a local hub stand-in: the export's files only, resume, checksums, 404, token, and the catalog.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_ENCODERS_DIR } from '../inference/registry/package-paths.js';
import { ChecksumError, downloadFile } from './download-file.js';
import { listEncoderCatalog } from './encoder-catalog.js';
import { encoderIdOf, HubError, resolveUrl } from './hub-api.js';
import { pullEncoder } from './pull-encoder.js';
import { exportFixture, FIXTURE_ID, FIXTURE_REPO } from './testing/export-fixture.js';
import { startHubStandIn, type HubStandIn } from './testing/hub-stand-in.js';
import { startFullBacklog } from './testing/full-backlog.js';

let hub: HubStandIn;
let modelsDir: string;
const repo = exportFixture();

beforeAll(async () => {
  hub = await startHubStandIn();
  hub.repos.set(FIXTURE_REPO, repo);
});
afterAll(async () => hub?.close());
afterEach(() => {
  hub.requests.length = 0;
  hub.cutOnce.clear();
  hub.stallOnce.clear();
  hub.hangOnce.clear();
  hub.hangAll = false;
  hub.tampered.clear();
});

const freshModelsDir = () => (modelsDir = mkdtempSync(join(tmpdir(), 'textclass-pull-')));
afterEach(() => rmSync(modelsDir, { recursive: true, force: true }));

describe('pullEncoder', () => {
  it('fetches exactly the export files, resumes a cut download, checks SHA-256 and installs with a manifest', async () => {
    freshModelsDir();
    hub.cutOnce.add('onnx/model.onnx');
    const progress = new Map<string, number>();
    const result = await pullEncoder({
      repo: FIXTURE_REPO,
      modelsDir,
      endpoint: hub.url,
      token: 'hf_secret',
      onProgress: (p, n) => progress.set(p, n),
    });
    expect(result.id).toBe(FIXTURE_ID);
    expect(result.resumed).toBe(1);
    const dir = join(modelsDir, 'encoders', FIXTURE_ID);
    const wanted = [
      '1_Pooling/config.json',
      'config.json',
      'config_sentence_transformers.json',
      'modules.json',
      'onnx/model.onnx',
      'sentence_bert_config.json',
      'special_tokens_map.json',
      'tokenizer.json',
      'tokenizer_config.json',
    ];
    expect(result.files.map((f) => f.path).sort()).toEqual(wanted);
    expect(
      readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => f.includes('.'))
        .sort(),
    ).toEqual([...wanted, 'pull.json'].sort());
    for (const path of wanted) expect(readFileSync(join(dir, path)).equals(repo.files[path]!)).toBe(true);
    expect(progress.get('onnx/model.onnx')).toBe(repo.files['onnx/model.onnx']!.length);
    const ranged = hub.requests.filter((r) => r.range !== undefined && r.path.startsWith('/cdn/'));
    expect(ranged.map((r) => r.path)).toEqual([`/cdn/${FIXTURE_REPO}/onnx/model.onnx`]);
    expect(ranged[0]!.range).toMatch(/^bytes=[1-9]\d*-$/);
    expect(hub.requests.some((r) => r.path.includes('pytorch_model') || r.path.includes('README'))).toBe(false);
    expect(hub.requests.find((r) => r.path.startsWith('/api/'))!.authorization).toBe('Bearer hf_secret');
    expect(
      hub.requests
        .filter((r) => r.path.includes('/resolve/'))
        .every((r) => r.path.includes(`/resolve/${repo.commit}/`)),
    ).toBe(true);
    const manifest = JSON.parse(readFileSync(join(dir, 'pull.json'), 'utf8'));
    expect(manifest).toMatchObject({ repo: FIXTURE_REPO, revision: 'main', commit: repo.commit });
    expect(readdirSync(join(modelsDir, 'encoders'))).toEqual([FIXTURE_ID]);
  });

  it('resumes a partial file left by an earlier run with a Range request', async () => {
    freshModelsDir();
    const staging = join(modelsDir, 'encoders', `.pull-${FIXTURE_ID}`, 'onnx', 'model.onnx');
    hub.cutOnce.add('onnx/model.onnx');
    await expect(
      downloadFile(
        resolveUrl({ endpoint: hub.url }, FIXTURE_REPO, repo.commit, 'onnx/model.onnx'),
        staging,
        {},
        { network: { retries: 0 } },
      ),
    ).rejects.toThrow(HubError);
    expect(existsSync(`${staging}.part`)).toBe(true);
    hub.requests.length = 0;
    const result = await pullEncoder({ repo: FIXTURE_REPO, modelsDir, endpoint: hub.url });
    expect(result.resumed).toBe(1);
    expect(hub.requests.filter((r) => r.range !== undefined).map((r) => r.path)).toEqual([
      `/${FIXTURE_REPO}/resolve/${repo.commit}/onnx/model.onnx`,
      `/cdn/${FIXTURE_REPO}/onnx/model.onnx`,
    ]);
    expect(
      readFileSync(join(modelsDir, 'encoders', FIXTURE_ID, 'onnx', 'model.onnx')).equals(
        repo.files['onnx/model.onnx']!,
      ),
    ).toBe(true);
  });

  it('fetches the ONNX file named by --file', async () => {
    freshModelsDir();
    const result = await pullEncoder({
      repo: FIXTURE_REPO,
      modelsDir,
      endpoint: hub.url,
      file: 'onnx/model_qint8_avx512_vnni.onnx',
      revision: repo.commit,
    });
    expect(result.files.filter((f) => f.path.endsWith('.onnx')).map((f) => f.path)).toEqual([
      'onnx/model_qint8_avx512_vnni.onnx',
    ]);
    await expect(
      pullEncoder({ repo: FIXTURE_REPO, modelsDir, endpoint: hub.url, file: 'onnx/model_O4.onnx' }),
    ).rejects.toThrow(/no file "onnx\/model_O4.onnx".*model_qint8_avx512_vnni/);
  });

  it('refuses a file whose SHA-256 does not match, and installs nothing', async () => {
    freshModelsDir();
    hub.tampered.add('onnx/model.onnx');
    const pull = pullEncoder({ repo: FIXTURE_REPO, modelsDir, endpoint: hub.url });
    await expect(pull).rejects.toBeInstanceOf(ChecksumError);
    await expect(pull).rejects.toThrow(/SHA-256 [0-9a-f]{64} does not match the hub's [0-9a-f]{64}/);
    expect(readdirSync(join(modelsDir, 'encoders'))).toEqual([]);
  });

  it('answers a clear error for a repository the hub does not have', async () => {
    freshModelsDir();
    await expect(pullEncoder({ repo: 'nobody/nothing', modelsDir, endpoint: hub.url })).rejects.toThrow(
      /repository "nobody\/nothing" at revision "main" was not found on http:\/\/127\.0\.0\.1:\d+ \(if it is private or gated, set HF_TOKEN\)/,
    );
    expect(existsSync(join(modelsDir, 'encoders', 'nobody__nothing'))).toBe(false);
  });

  it('refuses ids that are not hub repository ids', () => {
    expect(encoderIdOf('intfloat/multilingual-e5-small')).toBe('intfloat__multilingual-e5-small');
    for (const bad of ['../etc', 'a/b/c', '', 'a/..']) expect(() => encoderIdOf(bad)).toThrow(HubError);
  });
});

describe('pullEncoder on a bad network (short timeouts, so the tests stay quick)', () => {
  const GRAPH = 'onnx/model.onnx';
  const quick = { connectTimeoutMs: 2_000, firstByteTimeoutMs: 300, idleTimeoutMs: 300, retries: 2, retryDelayMs: 20 };

  /** A pull that records its retries as "try/tries after delay ms: message". */
  function pullRecordingRetries(network: Partial<typeof quick> = quick) {
    const retries: string[] = [];
    const pull = pullEncoder({
      repo: FIXTURE_REPO,
      modelsDir,
      endpoint: hub.url,
      network,
      onRetry: (n, tries, error, delayMs) => retries.push(`${n}/${tries} after ${delayMs} ms: ${error.message}`),
    });
    return { pull, retries };
  }

  const installedGraph = () => readFileSync(join(modelsDir, 'encoders', FIXTURE_ID, GRAPH));

  it('gives up on a hub that accepts and never answers: first-byte timeout, bounded retries with backoff', async () => {
    freshModelsDir();
    hub.hangAll = true;
    const { pull, retries } = pullRecordingRetries();
    await expect(pull).rejects.toThrow(
      /^127\.0\.0\.1:\d+ accepted the connection but sent no answer within 0\.3 s \(first-byte timeout, --first-byte-timeout\); set HF_ENDPOINT to a mirror if the hub is not reachable from here \(gave up after 3 tries\)$/,
    );
    expect(retries.map((r) => r.split(':')[0])).toEqual(['1/3 after 20 ms', '2/3 after 40 ms']);
    expect(hub.requests.filter((r) => r.path.startsWith('/api/'))).toHaveLength(3);
    expect(existsSync(join(modelsDir, 'encoders', FIXTURE_ID))).toBe(false);
  });

  it('says so when no connection can be made (connect timeout)', async () => {
    freshModelsDir();
    const unreachable = await startFullBacklog();
    try {
      await expect(
        pullEncoder({
          repo: FIXTURE_REPO,
          modelsDir,
          endpoint: unreachable.url,
          network: { ...quick, connectTimeoutMs: 300, retries: 0 },
        }),
      ).rejects.toThrow(
        /^could not connect to 127\.0\.0\.1:\d+ within 0\.3 s \(connect timeout, --connect-timeout\); check HF_ENDPOINT/,
      );
    } finally {
      unreachable.close();
    }
  });

  it('retries a download that hangs before its first byte, and installs the export', async () => {
    freshModelsDir();
    hub.hangOnce.add(GRAPH);
    const { pull, retries } = pullRecordingRetries();
    expect((await pull).resumed).toBe(0);
    expect(retries).toEqual([expect.stringMatching(/^1\/3 after 20 ms: .*first-byte timeout/)]);
    expect(installedGraph().equals(repo.files[GRAPH]!)).toBe(true);
  });

  it('resumes with Range after a download stalls mid-body (idle timeout)', async () => {
    freshModelsDir();
    hub.stallOnce.add(GRAPH);
    const { pull, retries } = pullRecordingRetries();
    expect((await pull).resumed).toBe(1);
    expect(retries).toEqual([expect.stringMatching(/^1\/3 after 20 ms: .*stopped sending for 0\.3 s.*idle timeout/)]);
    const ranged = hub.requests.filter((r) => r.range !== undefined && r.path.startsWith('/cdn/'));
    expect(ranged.map((r) => r.range)).toEqual([`bytes=${Math.floor(repo.files[GRAPH]!.length / 2)}-`]);
    expect(installedGraph().equals(repo.files[GRAPH]!)).toBe(true);
  });

  it('resumes with Range after the connection drops mid-body', async () => {
    freshModelsDir();
    hub.cutOnce.add(GRAPH);
    const { pull, retries } = pullRecordingRetries();
    expect((await pull).resumed).toBe(1);
    expect(retries).toEqual([
      expect.stringMatching(/^1\/3 after 20 ms: the connection to 127\.0\.0\.1:\d+ failed or was cut/),
    ]);
    expect(hub.requests.filter((r) => r.range !== undefined && r.path.startsWith('/cdn/'))).toHaveLength(1);
    expect(installedGraph().equals(repo.files[GRAPH]!)).toBe(true);
  });

  it('does not retry what another try cannot fix (a repository the hub does not have)', async () => {
    freshModelsDir();
    const retries: unknown[] = [];
    await expect(
      pullEncoder({
        repo: 'nobody/nothing',
        modelsDir,
        endpoint: hub.url,
        network: quick,
        onRetry: (...a) => retries.push(a),
      }),
    ).rejects.toThrow(/was not found/);
    expect(retries).toEqual([]);
  });
});

describe('listEncoderCatalog', () => {
  it('lists pulled encoders with format, size and provenance, then the built-in ones', async () => {
    freshModelsDir();
    await pullEncoder({ repo: FIXTURE_REPO, modelsDir, endpoint: hub.url });
    const entries = await listEncoderCatalog(modelsDir, BUILTIN_ENCODERS_DIR);
    const pulled = entries.find((e) => e.id === FIXTURE_ID)!;
    expect(pulled).toMatchObject({
      format: 'sentence-transformers',
      source: `pulled ${FIXTURE_REPO}@${repo.commit.slice(0, 12)}`,
    });
    expect(pulled.bytes).toBeGreaterThan(repo.files['onnx/model.onnx']!.length);
    expect(entries.find((e) => e.source === 'built-in')).toMatchObject({ format: 'static-embedding' });
  });
});
