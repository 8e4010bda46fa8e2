// A user's single-label zero-shot model calibrated by an evaluation on a labelled set, over HTTP on the real server and encoder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { labelledSet } from './support.js';
import { stratifiedFolds } from '../../src/core/training/folds.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ pipelinePollMs: 20 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const english = labelledSet('sentiment').filter((r) => r.lang === 'en');
/** 12 texts per label are the evaluation set; 2 of the other 4 per label are only classified. */
const LABELS = ['positive', 'negative', 'neutral'];
const evaluation = LABELS.flatMap((l) => english.filter((r) => r.label === l).slice(0, 12)).map(({ text, label }) => ({
  text,
  label,
}));
const unseen = LABELS.flatMap((l) => english.filter((r) => r.label === l).slice(12, 14)).map((r) => r.text);

const confidences = async (id: number) => {
  const res = await server.call('POST', `/v2/models/${id}/inference`, { body: { texts: unseen } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.predictions.map((row: Array<{ label: string; confidence: number }>) =>
    Object.fromEntries(row.map((p) => [p.label, p.confidence])),
  ) as Array<Record<string, number>>;
};
const sameConfidences = (a: Array<Record<string, number>>, b: Array<Record<string, number>>) =>
  a.every((row, i) => LABELS.every((l) => Math.abs((row[l] ?? 0) - (b[i]?.[l] ?? 0)) < 1e-6));

describe("a user's zero-shot model evaluated on a labelled set", () => {
  let id: number;
  let uncalibrated: Array<Record<string, number>>;

  it('serves its default confidences until it is calibrated', async () => {
    const res = await server.call('POST', '/v2/models', {
      body: {
        name: 'Zero-shot sentiment',
        type: 'zero-shot',
        labels: [
          { name: 'positive', descriptions: ['a positive customer remark'] },
          { name: 'negative', descriptions: ['a negative customer remark'] },
          { name: 'neutral', descriptions: ['a neutral customer remark'] },
        ],
      },
    });
    expect(res.status).toBe(201);
    id = res.body.id;
    expect((await server.call('POST', `/v2/models/${id}/deploy`)).status).toBe(200);
    uncalibrated = await confidences(id);
  });

  it('keeps its scoring and says why when the set is too small to calibrate on', async () => {
    const small = await server.call('POST', `/v2/models/${id}/evaluations`, {
      body: { examples: evaluation.slice(0, 5) },
    });
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(small.body).not.toHaveProperty('calibration');
    expect(small.body.calibration_not_fitted).toEqual({
      reason: expect.stringMatching(/at least 12 labelled texts of at least 2 labels; this set has 5 texts of 1 label/),
      examples: 5,
      labels: 1,
    });
    expect(sameConfidences(await confidences(id), uncalibrated)).toBe(true);
  });

  it('fits its scoring rule and temperature on the set, serves them at once, and reports ECE measured out of fold', async () => {
    const res = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples: evaluation } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).not.toHaveProperty('calibration_not_fitted');
    const calibration = res.body.calibration;
    expect(calibration).toMatchObject({
      method: 'temperature',
      fitted_on: 'evaluation-set',
      measured_on: 'out-of-fold',
      folds: 5,
      examples: evaluation.length,
      zero_shot_scoring: { examples: evaluation.length },
    });
    // The default scale 20 is a temperature of 0.05; the fit moves it.
    expect(Math.abs(calibration.temperature - 0.05)).toBeGreaterThan(0.005);
    // On 36 texts either ECE is within sampling noise of the other (the floor is about 0.1); both are reported.
    for (const key of ['ece_before', 'ece_after', 'ece_noise_floor'])
      expect(calibration[key]).toBeGreaterThanOrEqual(0);

    // Stored with the version and shown by the model (responses are validated against the contract).
    const model = (await server.call('GET', `/v2/models/${id}`)).body;
    expect(model.metrics).toEqual(res.body);
    const history = (await server.call('GET', `/v2/models/${id}/evaluations`)).body;
    expect(history.data[0].metrics.calibration).toEqual(calibration);

    // The served head picks up the new rule and scale without a redeploy.
    const calibrated = await confidences(id);
    expect(sameConfidences(calibrated, uncalibrated)).toBe(false);

    // The version's config carries them through an export and an import: the copy serves the same confidences.
    const file = (await server.call('GET', `/v2/models/${id}/export`)).body;
    expect(file.model.config).toMatchObject({ zeroShotScoring: calibration.zero_shot_scoring.chosen });
    expect(1 / file.model.config.logitScale).toBeCloseTo(calibration.temperature, 4);
    const copy = await server.call('POST', '/v2/models/import?name=Calibrated%20copy', { body: file });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect((await server.call('POST', `/v2/models/${copy.body.id}/deploy`)).status).toBe(200);
    expect(sameConfidences(await confidences(copy.body.id), calibrated)).toBe(true);
  });

  it('does not carry its calibration into a version with new label texts, and says so until that is evaluated', async () => {
    const calibrated = await confidences(id);
    const texts = (positive: string) => [
      { name: 'positive', descriptions: [positive] },
      { name: 'negative', descriptions: ['a negative customer remark'] },
      { name: 'neutral', descriptions: ['a neutral customer remark'] },
    ];
    // The same texts again make a version with the same head: the calibration and its metrics stay.
    const same = await server.call('PATCH', `/v2/models/${id}`, {
      body: { labels: texts('a positive customer remark') },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.metrics.calibration).toMatchObject({ fitted_on: 'evaluation-set' });
    expect(sameConfidences(await confidences(id), calibrated)).toBe(true);

    const changed = await server.call('PATCH', `/v2/models/${id}`, {
      body: { labels: texts('a happy customer praising the product') },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.metrics).toEqual({
      accuracy: null,
      f1_macro: null,
      per_class: {},
      calibration_not_fitted: {
        reason: expect.stringMatching(
          /^the label texts changed: the temperature and scoring rule fitted on version \d+'s texts were never measured/,
        ),
        examples: 0,
        labels: 0,
      },
    });
    const file = (await server.call('GET', `/v2/models/${id}/export`)).body;
    expect(file.model.config).not.toHaveProperty('logitScale');
    expect(file.model.config).not.toHaveProperty('zeroShotScoring');
    // It serves what a new model with these texts serves: the pooled rule at the default scale.
    const fresh = await server.call('POST', '/v2/models', {
      body: {
        name: 'Zero-shot sentiment, new texts',
        type: 'zero-shot',
        labels: texts('a happy customer praising the product'),
      },
    });
    expect(fresh.status).toBe(201);
    expect((await server.call('POST', `/v2/models/${fresh.body.id}/deploy`)).status).toBe(200);
    expect(sameConfidences(await confidences(id), await confidences(fresh.body.id))).toBe(true);

    // A rollback serves the calibrated version again; an evaluation calibrates the new one.
    expect((await server.call('POST', `/v2/models/${id}/rollback`)).status).toBe(200);
    expect(sameConfidences(await confidences(id), calibrated)).toBe(true);
    expect(
      (await server.call('POST', `/v2/models/${id}/deploy`, { body: { version: changed.body.version } })).status,
    ).toBe(200);
    const evaluated = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples: evaluation } });
    expect(evaluated.status, JSON.stringify(evaluated.body)).toBe(200);
    expect(evaluated.body).not.toHaveProperty('calibration_not_fitted');
    expect(evaluated.body.calibration).toMatchObject({ fitted_on: 'evaluation-set', measured_on: 'out-of-fold' });
  });
});

describe("a zero-shot model's evaluation figures", () => {
  const create = async (name: string) => {
    const res = await server.call('POST', '/v2/models', {
      body: {
        name,
        type: 'zero-shot',
        labels: [
          { name: 'positive', descriptions: ['a positive customer remark'] },
          { name: 'negative', descriptions: ['a negative customer remark'] },
          { name: 'neutral', descriptions: ['a neutral customer remark'] },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((await server.call('POST', `/v2/models/${res.body.id}/deploy`)).status).toBe(200);
    return res.body.id as number;
  };
  /** Each text's top label, 8 texts a request (the inference limit). */
  const topLabels = async (modelId: number, texts: string[]) => {
    const labels: string[] = [];
    for (let i = 0; i < texts.length; i += 8) {
      const res = await server.call('POST', `/v2/models/${modelId}/inference`, {
        body: { texts: texts.slice(i, i + 8) },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      labels.push(...res.body.predictions.map((row: Array<{ label: string }>) => row[0]!.label));
    }
    return labels;
  };
  const accuracyOf = (predicted: string[], gold: string[]) =>
    predicted.filter((label, i) => label === gold[i]).length / gold.length;

  /**
   * 10 French texts per label: a set on which the rule chosen on every text and those chosen on four folds differ (the
   * Spanish ones did until the everyday vocabulary, after which their in-sample labels matched the out-of-fold ones).
   */
  const french = LABELS.flatMap((l) =>
    labelledSet('sentiment')
      .filter((r) => r.lang === 'fr' && r.label === l)
      .slice(0, 10),
  ).map(({ text, label }) => ({ text, label }));

  it('are measured out of fold, as its ECE: each fold predicted by the rule and temperature fitted on the other four', async () => {
    const evaluation = french;
    const id = await create('Zero-shot sentiment, out of fold');
    const res = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples: evaluation } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ measured_on: 'out-of-fold', folds: 5, evaluated_on: evaluation.length });
    const gold = evaluation.map((e) => e.label);

    // Rebuilt through the API: per fold, a model evaluated on the other four folds (which fits its rule and temperature
    // on exactly those texts) predicts the fold.
    const folds = stratifiedFolds(
      gold.map((l) => LABELS.indexOf(l)),
      5,
      1,
    );
    const outOfFold = new Array<string>(evaluation.length);
    for (let fold = 0; fold < 5; fold += 1) {
      const copy = await create(`Zero-shot sentiment, fold ${fold}`);
      const rest = evaluation.filter((_, i) => folds[i] !== fold);
      expect((await server.call('POST', `/v2/models/${copy}/evaluations`, { body: { examples: rest } })).status).toBe(
        200,
      );
      const inFold = evaluation.flatMap((e, i) => (folds[i] === fold ? [i] : []));
      const predicted = await topLabels(
        copy,
        inFold.map((i) => evaluation[i]!.text),
      );
      inFold.forEach((i, k) => (outOfFold[i] = predicted[k]!));
    }
    expect(res.body.accuracy).toBeCloseTo(accuracyOf(outOfFold, gold), 4);
    const confusionOf = (predicted: string[]) =>
      LABELS.map((g) => LABELS.map((p) => gold.filter((l, i) => l === g && predicted[i] === p).length));
    const matrix = confusionOf(outOfFold);
    expect(res.body.confusion_matrix).toEqual(matrix);

    // The served head, fitted on every text, labels them in-sample (what the metrics used to report) otherwise: on
    // these texts its rule or temperature differs from the folds', so some text takes another label and the matrix
    // above could not have come from it.
    const inSample = await topLabels(
      id,
      evaluation.map((e) => e.text),
    );
    expect(inSample).not.toEqual(outOfFold);
    expect(confusionOf(inSample)).not.toEqual(matrix);
  }, 120_000);

  it('are measured on the set itself, and say so, when 12 to 14 texts are too few to cross-fit', async () => {
    const id = await create('Zero-shot sentiment, 13 texts');
    const small = LABELS.flatMap((l) => evaluation.filter((e) => e.label === l).slice(0, 5)).slice(0, 13);
    const res = await server.call('POST', `/v2/models/${id}/evaluations`, { body: { examples: small } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ measured_on: 'evaluation-set', calibration: { measured_on: 'evaluation-set' } });
    expect(res.body).not.toHaveProperty('folds');
    const served = await topLabels(
      id,
      small.map((e) => e.text),
    );
    expect(res.body.accuracy).toBeCloseTo(
      accuracyOf(
        served,
        small.map((e) => e.label),
      ),
      4,
    );
  });
});
