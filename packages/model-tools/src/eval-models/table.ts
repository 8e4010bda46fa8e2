// Small pieces for the quality tables: Markdown table layout, means and spreads, the row order of side-by-side results.
import { mean, sampleStandardDeviation as sd } from '@textclass/server/core';

export { mean, sd };

export const f3 = (x: number): string => x.toFixed(3);

/** The mean to three decimals, with "± sd" when asked and there is more than one value; "–" for no values. */
export function meanCell(values: readonly number[], withSpread: boolean): string {
  if (values.length === 0) return '–';
  return withSpread && values.length > 1 ? `${f3(mean(values))} ± ${f3(sd(values))}` : f3(mean(values));
}

/** A Markdown table; every row is padded or cut to the header's width, and pipes inside cells are escaped. */
export function markdownTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) =>
    `| ${header.map((_, i) => (cells[i] ?? '').replaceAll('|', '\\|')).join(' | ')} |`;
  return [line(header), `|${header.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/** The distinct values of key over items, in order of first appearance. */
export function distinct<T>(items: readonly T[], key: (item: T) => string): string[] {
  return [...new Set(items.map(key))];
}
