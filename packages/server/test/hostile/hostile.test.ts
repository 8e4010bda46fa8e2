// The hostile-input suite: seeded fast-check requests against every operation of the contract, on a real server process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { contractOperations, type ContractOperation } from './contract.js';
import { buildWorld, call, type World } from './fixtures.js';
import { hostileSteps, systematicSteps, type Draft, type Step } from './arbitraries.js';
import { seedOf, type Json, type SeedContext } from './seeds.js';
import { expectedDelta, lostAnswerCounts, settleUnanswered } from './write-counts.js';
import { differences, snapshot, type Snapshot } from './snapshot.js';
import { verdict } from './oracle.js';
import { Failures } from './report.js';
import { closedWhileSending, curlOf, send, type WireRequest, type WireResponse } from './wire.js';

/**
 * How the suite works. Each operation of the contract gets its share of at least 5,000 requests: first every string
 * of a valid body with a NUL and with a lone surrogate, then fast-check samples (seeded) of one to three hostile steps
 * over a valid request: path ids, query strings, bodies, Content-Type, Content-Encoding, Content-Length and
 * X-Request-Id. Each answer is checked on its own (oracle.ts); the workspace is read back (snapshot.ts) after every
 * batch of at most BATCH requests and after each successful write, so a write on an error answer shows as a change
 * between two snapshots of a batch of errors. The foreign workspace, whose ids the requests also use, must never
 * change. A failing request is then replayed one step at a time to name the step that alone causes it.
 */
const SEED = seedFromEnv(process.env.TEXTCLASS_FUZZ_SEED);
/** At least this many requests in all, shared evenly between the operations. */
const TOTAL = 5_200;
/** Requests between two looks at the workspace, at most (a successful write also closes a batch). */
const BATCH = 32;
/** Operations that destroy the resource they name run last, so that the others meet it alive. */
const LAST = ['deployModel', 'rollbackModel', 'archiveModel', 'deleteModel', 'deleteWebhook', 'revokeApiKey'];

let world: World;
beforeAll(async () => {
  world = await buildWorld();
}, 120_000);
afterAll(async () => {
  await world?.close();
});

function seedFromEnv(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 14;
  if (!/^-?\d+$/.test(raw)) throw new Error(`TEXTCLASS_FUZZ_SEED must be an integer, got "${raw}"`);
  return Number(raw);
}

/** The error shape an operation answers with: OpenAI's on the OpenAI-compatible /v1 endpoints. */
function shapeOf(op: ContractOperation): 'contract' | 'openai' {
  return op.template.startsWith('/v1/') ? 'openai' : 'contract';
}

function ordered(ops: ContractOperation[]): ContractOperation[] {
  const rank = (op: ContractOperation) => LAST.indexOf(op.id);
  return [...ops.filter((op) => rank(op) < 0), ...ops.filter((op) => rank(op) >= 0).sort((a, b) => rank(a) - rank(b))];
}

/** The seed request of the operation with the steps applied in phase order (paths and bodies before encodings). */
function buildDraft(op: ContractOperation, context: SeedContext, key: string, steps: Step[]): Draft {
  const seed = seedOf(op, context);
  const draft: Draft = {
    op,
    path: Object.fromEntries(Object.entries(seed.path).map(([k, v]) => [k, v.value])),
    query: seed.query.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'),
    headers: { Authorization: `Bearer ${key}` },
    labels: [],
    mustFail: false,
  };
  if (seed.json !== undefined) {
    draft.body = Buffer.from(JSON.stringify(seed.json));
    draft.headers['Content-Type'] = 'application/json';
  } else if (seed.file) {
    draft.body = Buffer.from(seed.file.text);
    draft.headers['Content-Type'] = seed.file.type;
  }
  for (const step of [...steps].sort((a, b) => a.phase - b.phase)) step.apply(draft);
  return draft;
}

function toWire(draft: Draft): WireRequest {
  let target = draft.op.template;
  for (const [name, value] of Object.entries(draft.path)) target = target.replace(`{${name}}`, value);
  if (draft.query) target += `?${draft.query}`;
  return { method: draft.op.method, target, headers: draft.headers, body: draft.body, lengthSkew: draft.lengthSkew };
}

/** What is wrong with an answer, less what varies between requests (ids, byte counts); 5xx keep their message. */
function verdictClass(wrong: string, res: WireResponse): string {
  if (res.status >= 500)
    return `${wrong}: ${String((res.json as { message?: string } | undefined)?.message ?? res.text.slice(0, 120))}`;
  return wrong;
}

describe('hostile input', () => {
  it('never answers 5xx, always answers errors with the error object, stays up, and writes nothing on an error', async () => {
    const started = Date.now();
    const { base, ours, foreign, receiver } = world;
    console.log(
      `hostile suite: seed ${SEED} (TEXTCLASS_FUZZ_SEED overrides); setup ${JSON.stringify(world.timings)} ms`,
    );
    const exportFile = (await call(base, ours.key, 'GET', `/v2/models/${ours.ids.fineTunedId}/export`)) as Json;
    let counter = 0;
    const context: SeedContext = {
      ids: ours.ids,
      foreign: foreign.ids,
      receiverUrl: receiver.url,
      exportFile,
      next: () => (counter += 1),
    };
    const failures = new Failures();
    const sent = new Map<string, { requests: number; closedEarly: number; statuses: Map<number, number> }>();
    const alive = async () =>
      world.server.child.exitCode === null &&
      (await send(base, { method: 'GET', target: '/health', headers: {} }).then(
        (r) => r.status === 200,
        () => false,
      ));
    /** Waits for what a successful write started in the background (a training job, an upload's ingestion). */
    const settle = async (op: ContractOperation, res: WireResponse): Promise<any> => {
      const body = res.json as any;
      const poll = async (target: string, done: (x: any) => boolean) => {
        for (;;) {
          const now = await call(base, ours.key, 'GET', target);
          if (done(now)) return now;
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      if (op.id === 'trainModel' && body?.id)
        return poll(
          `/v2/models/${ours.ids.fineTunedId}/training-jobs/${body.id}`,
          (j) => j.status === 'succeeded' || j.status === 'failed',
        );
      if (op.id === 'uploadDatasetFile' && body?.id)
        return poll(`/v2/datasets/ds_${ours.ids.datasetId}/uploads/${body.id}`, (u) => u.status !== 'processing');
      return undefined;
    };

    const foreignAtStart = await snapshot(base, foreign.key, foreign.ids);
    let dead = false;
    const operations = ordered(contractOperations());
    const runs = Math.ceil(TOTAL / operations.length);
    for (const [index, op] of operations.entries()) {
      if (dead) break;
      const template = seedOf(op, context);
      const systematic = systematicSteps(op, template);
      const plans = [
        ...systematic,
        ...fc.sample(hostileSteps(op, template, ours.ids.readerKey), {
          seed: SEED + index * 7919,
          numRuns: runs - systematic.length,
        }),
      ];
      const tally = { requests: 0, closedEarly: 0, statuses: new Map<number, number>() };
      sent.set(op.id, tally);
      let before: Snapshot = await snapshot(base, ours.key, ours.ids);
      let batch: string[] = [];
      for (const [i, steps] of plans.entries()) {
        const draft = buildDraft(op, context, ours.key, steps);
        const request = toWire(draft);
        const what = draft.labels.join('; ');
        const record = (verdictText: string, answer: string) =>
          failures.add({
            op,
            verdict: verdictText,
            what,
            steps,
            reproduce: curlOf(base, request),
            answer: answer.slice(0, 400),
          });
        tally.requests += 1;
        let res: WireResponse;
        try {
          res = await send(base, request);
        } catch (err) {
          if (closedWhileSending(err, request) && (await alive())) {
            // A server may answer and close before it has read a large body; TCP then loses the answer. Not a fault.
            tally.closedEarly += 1;
            // The answer is lost, not necessarily the request: a write whose bytes past Content-Length made the server
            // close may have succeeded. The batch ends here, its background work settled: it may hold that one write.
            if (op.method !== 'GET') {
              await settleUnanswered(base, ours.key, ours.ids, op.id);
              const after = await snapshot(base, ours.key, ours.ids);
              // A body the harness cannot read for its rows (bytes past Content-Length): any count of records passes.
              const delta = (() => {
                try {
                  return expectedDelta(op, draft, before);
                } catch {
                  return undefined;
                }
              })();
              const wrongCounts = lostAnswerCounts(
                before,
                after,
                delta ?? { models: 0, datasets: 0, records: 0, webhooks: 0, activeKeys: 0 },
                op.id === 'uploadDatasetFile' || delta === undefined,
              );
              if (wrongCounts)
                failures.add({
                  op,
                  verdict: 'counts after a batch ending in a lost answer',
                  what: 'one of the batch',
                  steps: [],
                  reproduce: `batch: ${[...batch, `lost answer: ${what}`].join(' || ')}`,
                  answer: wrongCounts,
                });
              before = after;
              batch = [];
            }
            continue;
          }
          record('no answer', (err as Error).message);
          if (!(await alive())) {
            record('the server is down after this request', world.server.output().slice(-2000));
            dead = true;
            break;
          }
          continue;
        }
        tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
        const wrong = verdict(res, draft.mustFail, shapeOf(op));
        if (wrong) record(verdictClass(wrong, res), `${res.status} ${res.text}`);
        batch.push(`${res.status} ${what}`);
        const wrote = res.status < 300 && op.method !== 'GET';
        if (!wrote && batch.length < BATCH && i < plans.length - 1) continue;
        // End of a batch: the server is up, and the workspace holds what the answers say.
        if (!(await alive())) {
          record('the server is down after this request', world.server.output().slice(-2000));
          dead = true;
          break;
        }
        const upload = wrote ? await settle(op, res) : undefined;
        if (wrote && op.id === 'importModel') {
          // An imported model must deploy and classify, or be refused at import: never a 5xx later.
          const id = (res.json as { id: number }).id;
          for (const [method, target, body] of [
            ['POST', `/v2/models/${id}/deploy`, {}],
            ['POST', `/v2/models/${id}/inference`, { texts: ['refund my order'] }],
          ] as const) {
            const followUp: WireRequest = {
              method,
              target,
              headers: { Authorization: `Bearer ${ours.key}`, 'Content-Type': 'application/json' },
              body: Buffer.from(JSON.stringify(body)),
            };
            const answer = await send(base, followUp);
            const wrongAfter = verdict(answer, false);
            if (wrongAfter)
              failures.add({
                op,
                verdict: `${target.split('/').pop()} after a 201 import: ${verdictClass(wrongAfter, answer)}`,
                what,
                steps,
                reproduce: `${curlOf(base, request)}\n    then ${curlOf(base, followUp)}`,
                answer: `${answer.status} ${answer.text.slice(0, 300)}`,
              });
          }
        }
        if (op.id === 'uploadDatasetFile' && upload?.status === 'failed' && upload.error?.line === null)
          record('an upload failed without a line (an internal error)', JSON.stringify(upload.error));
        const after = await snapshot(base, ours.key, ours.ids);
        if (!wrote) {
          const diff = differences(before, after);
          if (diff.length > 0)
            failures.add({
              op,
              verdict: 'a write in a batch of error answers',
              what: 'one of the batch',
              steps: [],
              reproduce: `batch: ${batch.join(' || ')}`,
              answer: diff.join('; '),
            });
        } else {
          const delta = expectedDelta(op, draft, before, upload);
          const expected = Object.fromEntries(
            Object.entries(before.counts).map(([k, v]) => [k, v + delta[k as keyof typeof delta]]),
          );
          if (JSON.stringify(expected) !== JSON.stringify(after.counts))
            failures.add({
              op,
              verdict: 'counts after a batch with one success',
              what: 'one of the batch',
              steps: [],
              reproduce: `batch: ${batch.join(' || ')}`,
              answer: `expected ${JSON.stringify(expected)}, found ${JSON.stringify(after.counts)}`,
            });
        }
        before = after;
        batch = [];
      }
      const diff = differences(foreignAtStart, await snapshot(base, foreign.key, foreign.ids));
      if (diff.length > 0)
        failures.add({
          op,
          verdict: 'a write in another workspace',
          what: '',
          steps: [],
          reproduce: '',
          answer: diff.join('; '),
        });
    }
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const total = [...sent.values()].reduce((sum, t) => sum + t.requests, 0);

    // Each failing request is tried again with one of its steps at a time, to name the step that alone causes it.
    if (!dead) {
      for (const [key, f] of [...failures.byKey.entries()]) {
        if (f.steps.length < 2) continue;
        for (const step of f.steps) {
          const draft = buildDraft(f.op, context, ours.key, [step]);
          const request = toWire(draft);
          const res = await send(base, request).catch(() => undefined);
          const wrong = res && verdict(res, draft.mustFail, shapeOf(f.op));
          if (res && wrong && verdictClass(wrong, res) === f.verdict) {
            failures.byKey.delete(key);
            failures.add({ ...f, what: draft.labels.join('; '), steps: [step], reproduce: curlOf(base, request) });
            failures.byKey.get(`${f.op.id}|${f.verdict}|${draft.labels.join('; ')}`)!.times += f.times - 1;
            break;
          }
        }
      }
    }

    const lines = [...sent.entries()].map(
      ([id, t]) =>
        `  ${id.padEnd(28)} ${String(t.requests).padStart(5)}  ${[...t.statuses.entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}×${n}`)
          .join(' ')}${t.closedEarly > 0 ? ` closed-while-sending×${t.closedEarly}` : ''}`,
    );
    console.log(
      `hostile suite: ${total} requests over ${sent.size} operations in ${seconds} s (seed ${SEED})\n${lines.join('\n')}`,
    );
    const report = failures.render();
    if (report.length > 0) console.log(`hostile suite: ${report.length} distinct failures\n${report.join('\n')}`);
    expect(dead, 'the server stayed up').toBe(false);
    expect(sent.size, 'every operation of the contract got requests').toBe(contractOperations().length);
    expect(total).toBeGreaterThanOrEqual(5000);
    expect(report, `seed ${SEED}`).toEqual([]);
  }, 180_000);
});
