// The synthetic BERT graph in onnxruntime: GELU and the attention scale are fused; the int8 variant quantises every linear layer.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fusionReport } from './fusion-report.js';
import { writeSyntheticEncoder } from '@textclass/server/testing';
import { TransformerEncoder } from '@textclass/server/inference';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'textclass-bert-graph-'));
  await writeSyntheticEncoder({ dir: join(root, 'fp32'), size: 'tiny' });
  await writeSyntheticEncoder({ dir: join(root, 'int8'), size: 'tiny', int8: true });
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('synthetic BERT graph', () => {
  it('uses LayerNormalization and gets GELU (BiasGelu) and the scaled QK MatMul (FusedMatMul) fused', async () => {
    const report = await fusionReport(join(root, 'fp32', 'model.onnx'));
    expect(report.before.LayerNormalization).toBe(5);
    expect(report.before.Erf).toBe(2);
    expect(report.fused).toMatchObject({ BiasGelu: 2, FusedMatMul: 2 });
    expect(report.after.Erf).toBeUndefined();
  });

  it('int8: every linear layer runs as a fused dynamic-quantised MatMul', async () => {
    const report = await fusionReport(join(root, 'int8', 'model.onnx'));
    expect(report.before.MatMulInteger).toBe(12);
    expect((report.after.DynamicQuantizeMatMul ?? 0) + (report.after.MatMulIntegerToFloat ?? 0)).toBeGreaterThanOrEqual(
      10,
    );
  });

  it('int8 embeddings stay close to fp32 ones from the same seed', async () => {
    const fp32 = await TransformerEncoder.open(join(root, 'fp32'));
    const int8 = await TransformerEncoder.open(join(root, 'int8'));
    const texts = ['where is my parcel', 'the app crashes when I log in'];
    const [a, b] = [await fp32.embed(texts), await int8.embed(texts)];
    a.forEach((v, i) => {
      const cosine = v.reduce((s, x, j) => s + x * (b[i]?.[j] as number), 0);
      expect(cosine).toBeGreaterThan(0.99);
      expect(cosine).toBeLessThan(1 - 1e-6);
    });
    await Promise.all([fp32.close(), int8.close()]);
  });
});
