// What the quality page says about the encoders themselves: cross-lingual and paraphrase retrieval, and a rough speed.
import { f3, markdownTable } from './table.js';

/** One encoder's retrieval top-1 over the parallel sentences: each language's texts against the English ones. */
export interface RetrievalRow {
  encoder: string;
  /** Language → share of its sentences whose nearest English sentence is their own translation. */
  crossLingual: Array<{ lang: string; top1: number }>;
  /** Share of English paraphrases whose nearest English sentence is the one they paraphrase. */
  paraphrase: number;
}

/** One row per encoder: a column per language (→ en), then the paraphrase column; "–" where a row lacks a language. */
export function retrievalTable(rows: readonly RetrievalRow[]): string {
  const langs = [...new Set(rows.flatMap((r) => r.crossLingual.map((c) => c.lang)))];
  return markdownTable(
    ['encoder', ...langs.map((l) => `${l} → en`), 'en paraphrase → en'],
    rows.map((r) => [
      `\`${r.encoder}\``,
      ...langs.map((lang) => {
        const hit = r.crossLingual.find((c) => c.lang === lang);
        return hit ? f3(hit.top1) : '–';
      }),
      f3(r.paraphrase),
    ]),
  );
}

/** A rate rounded to two significant figures ("12,000", "850", "9.4"), for figures that vary between runs. */
export function roughRate(rate: number): string {
  if (!Number.isFinite(rate) || rate <= 0) return '0';
  const step = 10 ** (Math.floor(Math.log10(rate)) - 1);
  const rounded = Math.round(rate / step) * step;
  return rounded >= 10
    ? Math.round(rounded).toLocaleString('en-US')
    : rounded.toFixed(Math.max(0, -Math.floor(Math.log10(step))));
}
