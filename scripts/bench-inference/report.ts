// The printed table and the target ratios, computed from one run's results.
import type { LoadResult, PairedResult } from './http-load.js';
import { type RawResult, round } from '@textclass/model-tools';

export interface SubjectResults {
  encoder: string;
  kind: 'transformer' | 'neural' | 'static';
  meanTokens: number;
  /** The ceiling: per batch size the faster of the two measurements (before and after the HTTP loops). */
  raw: RawResult[];
  rawBefore: RawResult[];
  rawAfter: RawResult[];
  textclass: LoadResult[];
  /** One 8-text request at concurrency 1 alternated with one raw batch-8 run. */
  paired: PairedResult;
  peer: LoadResult[];
  /** The bare node:http echo (same body, same-sized answer) at c1 and c32, one text; measured for the static encoder. */
  bare: LoadResult[];
  /** textclass server memory once loaded and after the load loops (MiB). */
  serverMemory: { loaded?: { rssMiB: number; peakRssMiB: number }; afterLoad?: { rssMiB: number; peakRssMiB: number } };
  peerMemory?: { rssMiB: number; peakRssMiB: number } | undefined;
  peerError?: string;
}

export interface Target {
  encoder: string;
  name: string;
  value: number;
  target: string;
  met: boolean;
  detail: string;
}

/** ' x N at once' for a raw ceiling measured with N runs at once on the served sessions. */
const atOnce = (inFlight: number) => (inFlight > 1 ? ` x ${inFlight} at once` : '');

const find = (rows: LoadResult[], concurrency: number, texts: number) =>
  rows.find((r) => r.concurrency === concurrency && r.textsPerRequest === texts);

/** The issue's targets for one encoder (the peer ratio only where a peer ran). */
export function targets(s: SubjectResults): Target[] {
  const out: Target[] = [];
  const best = s.raw.reduce((a, b) => (b.textsPerSecond > a.textsPerSecond ? b : a));
  for (const texts of [1, 8]) {
    const e2e = find(s.textclass, 32, texts);
    if (e2e) {
      const ceiling = e2e.adjacentCeiling ?? best;
      const value = round(e2e.textsPerSecond / ceiling.textsPerSecond, 3);
      out.push({
        encoder: s.encoder,
        name: `c32 ${texts}-text e2e / raw batch ${ceiling.batch}${atOnce(ceiling.inFlight)} around it`,
        value,
        target: '>= 0.85',
        met: value >= 0.85,
        detail: `${e2e.textsPerSecond} / ${ceiling.textsPerSecond} texts/s; vs the run's best raw ${best.textsPerSecond}: ${round(e2e.textsPerSecond / best.textsPerSecond, 3)}`,
      });
    }
    const ours = find(s.textclass, 16, texts);
    const peer = find(s.peer, 16, texts);
    if (ours && peer) {
      const value = round(ours.textsPerSecond / peer.textsPerSecond, 2);
      out.push({
        encoder: s.encoder,
        name: `c16 ${texts}-text textclass / transformers.js`,
        value,
        target: '>= 3',
        met: value >= 3,
        detail: `${ours.textsPerSecond} / ${peer.textsPerSecond} texts/s`,
      });
    }
  }
  const bare32 = find(s.bare, 32, 1);
  const ours32 = find(s.textclass, 32, 1);
  if (bare32 && ours32) {
    const value = round(ours32.textsPerSecond / bare32.textsPerSecond, 3);
    out.push({
      encoder: s.encoder,
      name: 'c32 one-text requests/s, textclass / bare node:http',
      value,
      target: '>= 0.30',
      met: value >= 0.3,
      detail: `${ours32.textsPerSecond} / ${bare32.textsPerSecond} requests/s; p50 ${ours32.p50Ms} / ${bare32.p50Ms} ms`,
    });
  }
  const bare1 = find(s.bare, 1, 1);
  const ours1 = find(s.textclass, 1, 1);
  if (bare1 && ours1) {
    const bound = round(bare1.p50Ms + 0.2, 3);
    out.push({
      encoder: s.encoder,
      name: 'c1 one-text p50 vs bare node:http p50 + 0.2 ms',
      value: ours1.p50Ms,
      target: `<= ${bound} ms`,
      met: ours1.p50Ms <= bound,
      detail: `${ours1.textsPerSecond} / ${bare1.textsPerSecond} requests/s = ${round(ours1.textsPerSecond / bare1.textsPerSecond, 3)}`,
    });
  }
  const c16 = find(s.textclass, 16, 8);
  if (s.kind === 'neural' && c16)
    out.push({
      encoder: s.encoder,
      name: 'c16 8-text requests through HTTP, texts/s',
      value: c16.textsPerSecond,
      target: '>= 1000',
      met: c16.textsPerSecond >= 1000,
      detail: `p50 ${c16.p50Ms} ms`,
    });
  const bound = round(1.15 * s.paired.otherP50Ms + 2, 2);
  out.push({
    encoder: s.encoder,
    name: 'c1 one 8-text request p50 vs 1.15 x raw batch-8 p50 + 2 ms (paired)',
    value: s.paired.httpP50Ms,
    target: `<= ${bound} ms`,
    met: s.paired.httpP50Ms <= bound,
    detail: `raw batch-8 p50 ${s.paired.otherP50Ms} ms, ${s.paired.rounds} alternating rounds`,
  });
  const rss = s.serverMemory.afterLoad ?? s.serverMemory.loaded;
  if (rss)
    out.push({
      encoder: s.encoder,
      name: 'server RSS after the loops (MiB)',
      value: rss.rssMiB,
      target: 'reported',
      met: true,
      detail: `peak ${rss.peakRssMiB} MiB`,
    });
  return out;
}

const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The whole printout: per encoder the raw rows, textclass rows, peer rows, then the targets. */
export function formatReport(subjects: SubjectResults[], all: Target[]): string {
  const lines: string[] = [];
  for (const s of subjects) {
    lines.push('', `== ${s.encoder} (${s.kind}, ~${s.meanTokens} tokens per text)`);
    lines.push(
      `${'row'.padEnd(34)}${pad('texts/s', 10)}${pad('p50 ms', 10)}${pad('p99 ms', 10)}${pad('requests', 10)}${pad('errors', 8)}`,
    );
    lines.push(
      '(raw rows: ceiling = the faster of before / after the HTTP loops; their ms column is wall ms per session.run; "at once": runs on worker sessions shaped as the server runs them)',
    );
    for (const r of s.raw)
      lines.push(
        `${`raw session.run batch ${r.batch}${atOnce(r.inFlight)}`.padEnd(34)}${pad(r.textsPerSecond, 10)}${pad(r.msPerRun, 10)}${pad('', 10)}${pad(r.runs, 10)}${pad('', 8)}`,
      );
    const rows = (name: string, list: LoadResult[]) => {
      for (const r of list) {
        lines.push(
          `${`${name} c${r.concurrency} x ${r.textsPerRequest} text${r.textsPerRequest > 1 ? 's' : ''}`.padEnd(34)}` +
            `${pad(r.textsPerSecond, 10)}${pad(r.p50Ms, 10)}${pad(r.p99Ms, 10)}${pad(r.requests, 10)}${pad(r.errors, 8)}`,
        );
      }
    };
    rows('textclass', s.textclass);
    lines.push(
      `${'paired c1: one 8-text request'.padEnd(34)}${pad('', 10)}${pad(s.paired.httpP50Ms, 10)}${pad(s.paired.httpP99Ms, 10)}${pad(s.paired.rounds, 10)}`,
    );
    lines.push(
      `${'paired c1: raw batch-8 run'.padEnd(34)}${pad('', 10)}${pad(s.paired.otherP50Ms, 10)}${pad(s.paired.otherP99Ms, 10)}${pad(s.paired.rounds, 10)}`,
    );
    rows('bare node:http', s.bare);
    rows('transformers.js', s.peer);
    if (s.peerError) lines.push(`transformers.js peer: ${s.peerError}`);
    const mem = s.serverMemory.afterLoad;
    if (mem)
      lines.push(
        `textclass server RSS ${mem.rssMiB} MiB (peak ${mem.peakRssMiB} MiB)${s.peerMemory ? `; peer RSS ${s.peerMemory.rssMiB} MiB (peak ${s.peerMemory.peakRssMiB} MiB)` : ''}`,
      );
  }
  lines.push('', '== targets');
  for (const t of all)
    lines.push(
      `${t.met ? 'met   ' : 'MISSED'} ${`${t.encoder}: ${t.name}`.padEnd(78)} ${pad(t.value, 9)} (${t.target}; ${t.detail})`,
    );
  return lines.join('\n');
}
