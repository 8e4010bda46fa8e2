// The int8 variant of USE-lite (the default encoder's neural part) against the float graph the TF.js parity test
// checks: on the same ≥ 500 texts its vectors stay within cosine 0.995 of the float ones (mean ≥ 0.998: its weights
// have 7 bits, INT8_WEIGHT_LIMIT, so that no CPU's int8 kernel saturates; with ±127 a CPU without VNNI gave 0.948),
// and a text's vector does not depend on the texts batched with it (its inputs are quantised per token).
import { fileURLToPath } from 'node:url';
import {
  loadEncoderRegistry,
  USE_LITE_ENCODER_ID,
  USE_LITE_INT8_ENCODER_ID,
  type EncoderRegistry,
} from '@textclass/server/inference';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parityTexts } from './parity-texts.js';

const SENTENCES = fileURLToPath(new URL('../../../../scripts/eval-encoder/sentences.json', import.meta.url));
let registry: EncoderRegistry;
let texts: string[];

beforeAll(async () => {
  texts = await parityTexts(SENTENCES);
  registry = await loadEncoderRegistry();
}, 60_000);

afterAll(async () => {
  await registry?.close();
});

describe('USE-lite with int8 dense layers', () => {
  it('stays within cosine 0.995 of the float graph on every text (mean ≥ 0.998)', async () => {
    const float = await registry.get(USE_LITE_ENCODER_ID).embed(texts);
    const int8 = await registry.get(USE_LITE_INT8_ENCODER_ID).embed(texts);
    const cosines = float.map((a, i) => a.reduce((sum, x, d) => sum + x * ((int8[i] as Float32Array)[d] as number), 0));
    const worst = Math.min(...cosines);
    const mean = cosines.reduce((a, b) => a + b, 0) / cosines.length;
    console.log(
      `USE-lite int8 vs float: ${cosines.length} texts, worst cosine ${worst.toFixed(5)}, mean ${mean.toFixed(5)}`,
    );
    expect(cosines.length).toBeGreaterThanOrEqual(500);
    expect(worst).toBeGreaterThanOrEqual(0.995);
    expect(mean).toBeGreaterThanOrEqual(0.998);
  }, 120_000);

  it('gives a text the same vector alone as in a batch of 64 texts of other lengths', async () => {
    const encoder = registry.get(USE_LITE_INT8_ENCODER_ID);
    const batch = texts.slice(0, 64);
    const batched = await encoder.embed(batch);
    let worst = 1;
    for (const [i, text] of batch.entries()) {
      const [alone] = await encoder.embed([text]);
      worst = Math.min(
        worst,
        alone!.reduce((sum, x, d) => sum + x * ((batched[i] as Float32Array)[d] as number), 0),
      );
    }
    console.log(`USE-lite int8, one text alone vs in a batch of 64: worst cosine ${worst.toFixed(8)}`);
    // Quantised per batch (onnxruntime's DynamicQuantizeMatMul) this was 0.9973; per token only float rounding is left.
    expect(worst).toBeGreaterThanOrEqual(0.99999);
  }, 120_000);
});
