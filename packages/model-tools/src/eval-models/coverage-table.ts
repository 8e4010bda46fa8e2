// docs/model-quality.md's coverage table: per set and encoder, the held-out precision and coverage of the auto-decided texts.
import { f3, markdownTable } from './table.js';

/** Held-out texts, those auto-decided (top label clears its cut-off), and the right ones among those. */
export interface DecidedCounts {
  texts: number;
  decided: number;
  right: number;
}

/** One served fine-tuned head's cut-offs at a target precision, measured on the held-out texts. */
export interface CoverageRow {
  task: string;
  encoder: string;
  targetPrecision: number;
  all: DecidedCounts;
  byLang: ReadonlyMap<string, DecidedCounts>;
}

const precisionCell = (c: DecidedCounts | undefined) => (c && c.decided > 0 ? f3(c.right / c.decided) : '–');
const coverageCell = (c: DecidedCounts | undefined) => (c && c.texts > 0 ? f3(c.decided / c.texts) : '–');

/** Two rows per head: the precision of its auto-decided held-out texts and their share of all held-out texts. */
export function coverageTable(rows: readonly CoverageRow[], langs: readonly string[]): string {
  return markdownTable(
    ['set', 'encoder', 'target', 'measure', ...langs, 'all'],
    rows.flatMap((r) =>
      (
        [
          ['precision', precisionCell],
          ['coverage', coverageCell],
        ] as const
      ).map(([measure, cell]) => [
        r.task,
        r.encoder,
        String(r.targetPrecision),
        measure,
        ...langs.map((lang) => cell(r.byLang.get(lang))),
        cell(r.all),
      ]),
    ),
  );
}
