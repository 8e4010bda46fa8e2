// A user's single-label zero-shot model calibrated by an evaluation on a labelled set, over HTTP on the real server and encoder.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/in-process.js';
import { labelledSet } from './support.js';

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
});
