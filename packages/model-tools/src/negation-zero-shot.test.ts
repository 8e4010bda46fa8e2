// Zero-shot sentiment on negated and sarcastic remarks with the real default encoder, against the multilingual static
// one: labels with several English descriptions, each text scored as a deployed zero-shot model scores it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPrototypes, scoreEmbedding } from '@textclass/server/core';
import {
  DEFAULT_ENCODER_ID,
  loadEncoderRegistry,
  STATIC_MULTI_ENCODER_ID,
  type EncoderRegistry,
} from '@textclass/server/inference';
import fixture from './fixtures/negation-sentiment.json' with { type: 'json' };

let registry: EncoderRegistry;

beforeAll(async () => {
  registry = await loadEncoderRegistry();
  await registry.warmup();
}, 60_000);

afterAll(async () => {
  await registry?.close();
});

async function zeroShot(encoderId: string): Promise<{ right: number; answers: string[] }> {
  const encoder = registry.get(encoderId);
  const prototypes = await buildPrototypes(encoder, fixture.labels);
  const vectors = await encoder.embed(fixture.texts.map(([text]) => text as string));
  const answers = vectors.map((v) => {
    const scores = scoreEmbedding(prototypes, v, 20);
    return prototypes.labels[scores.indexOf(Math.max(...scores))] as string;
  });
  return { right: answers.filter((a, i) => a === fixture.texts[i]?.[1]).length, answers };
}

describe('zero-shot sentiment with negation, contrast and sarcasm', () => {
  it('gets most remarks right with the default encoder, far more than the static one', async () => {
    const neural = await zeroShot(DEFAULT_ENCODER_ID);
    const table = await zeroShot(STATIC_MULTI_ENCODER_ID);
    const n = fixture.texts.length;
    console.log(
      `negation fixture: ${DEFAULT_ENCODER_ID} ${neural.right}/${n}, ${STATIC_MULTI_ENCODER_ID} ${table.right}/${n}\n` +
        fixture.texts
          .map(([text, gold], i) => `  ${gold} ${neural.answers[i]} ${table.answers[i]}  ${text}`)
          .join('\n'),
    );
    expect(neural.right / n).toBeGreaterThanOrEqual(0.6);
    expect(neural.right - table.right).toBeGreaterThanOrEqual(5);
  });

  it('reads "not bad at all" as positive and "not good at all" as negative, unlike the static encoder', async () => {
    const pick = (answers: string[], text: string) => answers[fixture.texts.findIndex(([t]) => t === text)];
    const neural = await zeroShot(DEFAULT_ENCODER_ID);
    expect(pick(neural.answers, 'not bad at all')).toBe('positive');
    expect(pick(neural.answers, 'Not good at all.')).toBe('negative');
    const table = await zeroShot(STATIC_MULTI_ENCODER_ID);
    expect([pick(table.answers, 'not bad at all'), pick(table.answers, 'Not good at all.')]).not.toEqual([
      'positive',
      'negative',
    ]);
  });
});
