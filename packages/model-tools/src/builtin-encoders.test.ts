// The real built-in encoders: the default (use-multi-612: USE-lite ⊕ static-multi-100d with the gloss) and the
// multilingual static one, next to the English-only static one: paraphrases must beat unrelated sentences, and a
// translation must find its English twin.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sanity from './fixtures/sentence-sanity.json' with { type: 'json' };
import twins from './fixtures/cross-language-twins.json' with { type: 'json' };
import {
  BUILTIN_ENCODERS_DIR,
  DEFAULT_ENCODER_ID,
  type EncoderRegistry,
  STATIC_MULTI_ENCODER_ID,
  USE_LITE_ENCODER_ID,
  USE_LITE_INT8_ENCODER_ID,
  ENGLISH_ENCODER_ID,
  installCommittedEncoder,
  loadEncoderRegistry,
  SERVER_PACKAGE_ROOT,
} from '@textclass/server/inference';
import { buildDefaultEncoder } from './english-encoder-build.js';

let registry: EncoderRegistry;

beforeAll(async () => {
  await buildDefaultEncoder({ ifMissing: true });
  await installCommittedEncoder(
    join(SERVER_PACKAGE_ROOT, '..', '..', 'models', STATIC_MULTI_ENCODER_ID),
    join(BUILTIN_ENCODERS_DIR, STATIC_MULTI_ENCODER_ID),
  );
  registry = await loadEncoderRegistry();
  await registry.warmup();
});

afterAll(async () => {
  await registry?.close();
});

const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * (b[i] as number), 0);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

describe('the built-in encoders', () => {
  it('registers the joint default (612 dimensions) and its parts, warm; the other built-ins wait for first use', () => {
    expect(registry.defaultId).toBe('use-multi-612');
    expect(registry.default.dimension).toBe(612);
    expect(registry.get(USE_LITE_ENCODER_ID).dimension).toBe(512);
    expect(registry.get(USE_LITE_INT8_ENCODER_ID).dimension).toBe(512);
    expect(registry.get(STATIC_MULTI_ENCODER_ID).dimension).toBe(100);
    expect(registry.get(ENGLISH_ENCODER_ID).dimension).toBe(100);
    expect(registry.neededIds()).toEqual(
      [STATIC_MULTI_ENCODER_ID, USE_LITE_INT8_ENCODER_ID, DEFAULT_ENCODER_ID].sort(),
    );
    expect(registry.ready()).toBe(true);
    expect(registry.get(ENGLISH_ENCODER_ID).health()).toBe(false);
    expect(registry.get(USE_LITE_ENCODER_ID).health()).toBe(false);
  });

  it('static-multi-100d returns unit vectors, and zero vectors for texts without any known word', async () => {
    const [a, b, c] = await registry.get(STATIC_MULTI_ENCODER_ID).embed(['Where is my parcel?', '', '12345 😀 ###']);
    expect(Math.hypot(...(a as Float32Array))).toBeCloseTo(1, 5);
    expect((b as Float32Array).every((x) => x === 0)).toBe(true);
    expect((c as Float32Array).every((x) => x === 0)).toBe(true);
  });

  it('the default returns unit vectors, also for an empty text', async () => {
    const vectors = await registry.default.embed(['Where is my parcel?', '', '12345 😀 ###', 'Wo ist mein Paket?']);
    for (const v of vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 5);
  });
});

describe.each([DEFAULT_ENCODER_ID, STATIC_MULTI_ENCODER_ID])('encoder %s', (encoderId) => {
  it('scores paraphrases above unrelated sentences', async () => {
    const pairs = sanity.paraphrases as Array<[string, string]>;
    const a = await registry.get(encoderId).embed(pairs.map((p) => p[0]));
    const b = await registry.get(encoderId).embed(pairs.map((p) => p[1]));
    const paraphrase: number[] = [];
    const unrelated: number[] = [];
    a.forEach((x, i) => b.forEach((y, j) => (i === j ? paraphrase : unrelated).push(cosine(x, y))));
    expect(mean(paraphrase) - mean(unrelated)).toBeGreaterThan(0.2);
    // each paraphrase beats the average unrelated pairing of its first sentence
    const wins = a.filter(
      (x, i) => cosine(x, b[i] as Float32Array) > mean(b.filter((_, j) => j !== i).map((y) => cosine(x, y))),
    );
    expect(wins.length).toBeGreaterThanOrEqual(pairs.length - 1);
  });

  it('finds the English twin of a translation first, where the English-only encoder does not', async () => {
    const english = twins.map((t) => t.en);
    const languages = ['de', 'fr', 'es', 'ja', 'zh'] as const;
    const top1 = async (encoderId: string, language: (typeof languages)[number]) => {
      const encoder = registry.get(encoderId);
      const targets = await encoder.embed(english);
      const queries = await encoder.embed(twins.map((t) => t[language]));
      return queries.filter((q, i) => {
        const scores = targets.map((t) => cosine(q, t));
        return scores.indexOf(Math.max(...scores)) === i;
      }).length;
    };
    let multilingual = 0;
    let englishOnly = 0;
    for (const language of languages) {
      const found = await top1(encoderId, language);
      expect(found, language).toBeGreaterThanOrEqual(twins.length - 1);
      multilingual += found;
      englishOnly += await top1(ENGLISH_ENCODER_ID, language);
    }
    // the English-only encoder finds some twins through shared words (restaurant, photos), far fewer in all
    expect(englishOnly).toBeLessThan(multilingual - twins.length);
  });

  it('puts support tickets nearer their own topic than chance', async () => {
    const tickets = Object.entries(sanity.topics as Record<string, string[]>).flatMap(([topic, texts]) =>
      texts.map((text) => ({ topic, text })),
    );
    const vectors = await registry.get(encoderId).embed(tickets.map((t) => t.text));
    let hits = 0;
    vectors.forEach((v, i) => {
      let best = -1;
      let bestScore = -Infinity;
      vectors.forEach((w, j) => {
        const score = cosine(v, w);
        if (j !== i && score > bestScore) [best, bestScore] = [j, score];
      });
      if (tickets[best]?.topic === tickets[i]?.topic) hits++;
    });
    const topics = Object.keys(sanity.topics).length;
    expect(hits / tickets.length).toBeGreaterThan(2 / topics);
  });
});
