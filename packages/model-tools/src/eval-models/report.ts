// The quality table as Markdown: accuracy and macro-F1 per task and method, overall and per language.
import type { Evaluation } from '@textclass/server/core';
import type { Scores } from './methods.js';

/** A method's scores on one task: one run, or one per seed (few-shot). */
export interface MethodResult {
  task: string;
  method: string;
  runs: Scores[];
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Sample standard deviation (n − 1). */
const sd = (xs: number[]) =>
  xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, x) => a + (x - mean(xs)) ** 2, 0) / (xs.length - 1));
const f3 = (x: number) => x.toFixed(3);

function cell(evaluations: Evaluation[], metric: 'accuracy' | 'f1_macro', withSpread: boolean): string {
  const values = evaluations.map((e) => e[metric] ?? 0);
  return withSpread && values.length > 1 ? `${f3(mean(values))} ± ${f3(sd(values))}` : f3(mean(values));
}

export function overallTable(results: MethodResult[]): string {
  const lines = ['| task | method | accuracy | macro-F1 |', '|---|---|---|---|'];
  for (const r of results) {
    const all = r.runs.map((s) => s.all);
    lines.push(`| ${r.task} | ${r.method} | ${cell(all, 'accuracy', true)} | ${cell(all, 'f1_macro', true)} |`);
  }
  return lines.join('\n');
}

export function languageTable(results: MethodResult[], langs: string[]): string {
  const lines = [`| task | method | ${langs.join(' | ')} |`, `|---|---|${langs.map(() => '---').join('|')}|`];
  for (const r of results) {
    const cells = langs.map((lang) => {
      const evaluations = r.runs.map((s) => s.byLang.get(lang)).filter((e) => e !== undefined);
      return evaluations.length === 0
        ? '–'
        : `${cell(evaluations, 'accuracy', false)} / ${cell(evaluations, 'f1_macro', false)}`;
    });
    lines.push(`| ${r.task} | ${r.method} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

/** Plain sentences about the results: the methods of each task by macro-F1, and the language spread of the best one. */
export function observations(results: MethodResult[]): string[] {
  const tasks = [...new Set(results.map((r) => r.task))];
  return tasks.map((task) => {
    const ranked = results
      .filter((r) => r.task === task)
      .map((r) => ({ method: r.method, f1: mean(r.runs.map((s) => s.all.f1_macro ?? 0)), runs: r.runs }))
      .sort((a, b) => b.f1 - a.f1);
    const best = ranked[0];
    if (!best) return `${task}: no results`;
    const byLang = [...(best.runs[0]?.byLang.keys() ?? [])]
      .map((lang) => ({ lang, f1: mean(best.runs.map((s) => s.byLang.get(lang)?.f1_macro ?? 0)) }))
      .sort((a, b) => b.f1 - a.f1);
    const spread =
      byLang.length > 1
        ? `; its macro-F1 ranges from ${f3(byLang.at(-1)?.f1 ?? 0)} (${byLang.at(-1)?.lang}) to ${f3(byLang[0]?.f1 ?? 0)} (${byLang[0]?.lang}) across languages`
        : '';
    return `${task}: by macro-F1, ${ranked.map((r) => `${r.method} ${f3(r.f1)}`).join(' > ')}${spread}.`;
  });
}
