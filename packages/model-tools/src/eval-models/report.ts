// The quality tables as Markdown, encoders side by side: accuracy and macro-F1 per set and method, accuracy per language.
import type { Evaluation } from '@textclass/server/core';
import type { Scores } from './methods.js';
import { distinct, f3, markdownTable, mean, meanCell } from './table.js';

/** A method's scores on one set with one encoder: one run, or one per seed (few-shot). */
export interface MethodResult {
  task: string;
  method: string;
  encoder: string;
  runs: Scores[];
  /** The method of the reference this served head is held against (report: served ≥ reference − 1 point). */
  reference?: string;
}

const eceCell = (runs: readonly Scores[]): string => {
  const pairs = runs.flatMap((s) => (s.ece ? [s.ece] : []));
  const before = pairs.flatMap((p) => (p.before === null ? [] : [p.before]));
  const after = pairs.flatMap((p) => (p.after === null ? [] : [p.after]));
  const floor = pairs.flatMap((p) => (p.floor === undefined || p.floor === null ? [] : [p.floor]));
  if (before.length === 0 || after.length === 0) return '';
  return `${f3(mean(before))} → ${f3(mean(after))}${floor.length === 0 ? '' : ` (${f3(mean(floor))})`}`;
};

const metric = (evaluations: Array<Evaluation | undefined>, key: 'accuracy' | 'f1_macro'): number[] =>
  evaluations.filter((e) => e !== undefined && e[key] !== null).map((e) => e?.[key] ?? 0);

function find(results: readonly MethodResult[], task: string, method: string, encoder: string) {
  return results.find((r) => r.task === task && r.method === method && r.encoder === encoder);
}

/** One row per set and method, and for each encoder (in order of first appearance) its accuracy and macro-F1. */
export function overallTable(results: MethodResult[]): string {
  const encoders = distinct(results, (r) => r.encoder);
  const rows = distinct(results, (r) => `${r.task}\u0000${r.method}`).map((key) => {
    const [task = '', method = ''] = key.split('\u0000');
    const cells = encoders.flatMap((encoder) => {
      const all = find(results, task, method, encoder)?.runs.map((s) => s.all) ?? [];
      const runs = find(results, task, method, encoder)?.runs ?? [];
      return [meanCell(metric(all, 'accuracy'), true), meanCell(metric(all, 'f1_macro'), true), eceCell(runs)];
    });
    return [task, method, ...cells];
  });
  return markdownTable(
    [
      'set',
      'method',
      ...encoders.flatMap((e) => [`${e} accuracy`, `${e} macro-F1`, `${e} ECE before → after (floor)`]),
    ],
    rows,
  );
}

/**
 * Each served head against its reference, per set and encoder: accuracy of both on all held-out texts, the
 * difference, and the language where the served head trails its reference most (few-shot: means of the draws).
 */
export function referenceTable(results: MethodResult[]): string {
  const rows = results.flatMap((served) => {
    const reference = served.reference && find(results, served.task, served.reference, served.encoder);
    if (!reference) return [];
    const langs = [...new Set(served.runs.flatMap((s) => [...s.byLang.keys()]))];
    const gaps = langs
      .map((lang) => ({ lang, gap: meanOf(served, 'accuracy', lang) - meanOf(reference, 'accuracy', lang) }))
      .sort((a, b) => a.gap - b.gap);
    const worst = gaps[0];
    const signed = (x: number) => `${x >= 0 ? '+' : '−'}${f3(Math.abs(x))}`;
    return [
      [
        served.task,
        served.encoder,
        served.method,
        reference.method,
        f3(meanOf(served, 'accuracy')),
        f3(meanOf(reference, 'accuracy')),
        signed(meanOf(served, 'accuracy') - meanOf(reference, 'accuracy')),
        worst ? `${worst.lang} ${signed(worst.gap)}` : '',
      ],
    ];
  });
  return markdownTable(
    ['set', 'encoder', 'served', 'reference', 'served accuracy', 'reference accuracy', 'difference', 'worst language'],
    rows,
  );
}

/** Held-out texts of a language in one run (the support of its classes). */
function heldOut(scores: Scores | undefined, lang: string): number {
  const perClass = scores?.byLang.get(lang)?.per_class ?? {};
  return Object.values(perClass).reduce((a, c) => a + c.support, 0);
}

/**
 * Per set, a table of accuracy by language (columns langs, then all): one row per method and encoder (the encoder
 * column only when there are several), few-shot the mean of its draws; a first row counts the held-out texts.
 */
export function languageTable(results: MethodResult[], langs: string[]): string {
  const encoders = distinct(results, (r) => r.encoder);
  const several = encoders.length > 1;
  return distinct(results, (r) => r.task)
    .map((task) => {
      const ofTask = results.filter((r) => r.task === task);
      const present = langs.filter((lang) => ofTask.some((r) => r.runs.some((s) => s.byLang.has(lang))));
      const first = ofTask[0]?.runs[0];
      const counts = [
        'held-out texts',
        ...(several ? [''] : []),
        ...present.map((lang) => String(heldOut(first, lang))),
        String(present.reduce((a, lang) => a + heldOut(first, lang), 0)),
      ];
      const rows = distinct(ofTask, (r) => r.method).flatMap((method) =>
        encoders.map((encoder) => {
          const runs = find(ofTask, task, method, encoder)?.runs ?? [];
          return [
            method,
            ...(several ? [encoder] : []),
            ...present.map((lang) =>
              meanCell(
                metric(
                  runs.map((s) => s.byLang.get(lang)),
                  'accuracy',
                ),
                false,
              ),
            ),
            meanCell(
              metric(
                runs.map((s) => s.all),
                'accuracy',
              ),
              false,
            ),
          ];
        }),
      );
      const header = ['method', ...(several ? ['encoder'] : []), ...present, 'all'];
      return `**${task}**\n\n${markdownTable(header, [counts, ...rows])}`;
    })
    .join('\n\n');
}

const meanOf = (r: MethodResult, key: 'accuracy' | 'f1_macro', lang?: string): number =>
  mean(
    metric(
      r.runs.map((s) => (lang === undefined ? s.all : s.byLang.get(lang))),
      key,
    ),
  );

/** Mean per-language accuracy over the languages other than English (each language weighs the same). */
function otherLanguages(r: MethodResult): number {
  const langs = [...new Set(r.runs.flatMap((s) => [...s.byLang.keys()]))].filter((l) => l !== 'en');
  return mean(langs.map((lang) => meanOf(r, 'accuracy', lang)));
}

/**
 * Plain sentences about the results: per set and encoder, the methods by macro-F1, the language spread of the best
 * one and English against the other languages; with several encoders, each one's accuracy against the first's.
 */
export function observations(results: MethodResult[]): string[] {
  const encoders = distinct(results, (r) => r.encoder);
  const lines: string[] = [];
  for (const task of distinct(results, (r) => r.task)) {
    for (const encoder of encoders) {
      const mine = results.filter((r) => r.task === task && r.encoder === encoder);
      const ranked = [...mine].sort((a, b) => meanOf(b, 'f1_macro') - meanOf(a, 'f1_macro'));
      const best = ranked[0];
      if (!best) continue;
      const byLang = [...(best.runs[0]?.byLang.keys() ?? [])]
        .map((lang) => ({ lang, accuracy: meanOf(best, 'accuracy', lang) }))
        .sort((a, b) => b.accuracy - a.accuracy);
      const low = byLang.at(-1);
      const high = byLang[0];
      const spread =
        low && high && byLang.length > 1
          ? `; its accuracy ranges from ${f3(low.accuracy)} (${low.lang}) to ${f3(high.accuracy)} (${high.lang})`
          : '';
      lines.push(
        `${task}, \`${encoder}\`: by macro-F1, ${ranked.map((r) => `${r.method} ${f3(meanOf(r, 'f1_macro'))}`).join(' > ')}${spread}.`,
      );
      if (mine.some((r) => r.runs[0]?.byLang.has('en')) && byLang.length > 1)
        lines.push(
          `${task}, \`${encoder}\`: accuracy on English vs the mean of the other languages: ${mine
            .map((r) => `${r.method} ${f3(meanOf(r, 'accuracy', 'en'))} vs ${f3(otherLanguages(r))}`)
            .join('; ')}.`,
        );
    }
    const [base, ...others] = encoders;
    for (const other of others) {
      const deltas = distinct(
        results.filter((r) => r.task === task),
        (r) => r.method,
      ).map((method) => {
        const a = find(results, task, method, base ?? '');
        const b = find(results, task, method, other);
        const delta = a && b ? meanOf(b, 'accuracy') - meanOf(a, 'accuracy') : 0;
        return `${method} ${delta >= 0 ? '+' : '−'}${f3(Math.abs(delta))}`;
      });
      lines.push(`${task}: accuracy of \`${other}\` minus \`${base}\`: ${deltas.join('; ')}.`);
    }
  }
  return lines;
}
