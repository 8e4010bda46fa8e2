// The CLI's human-readable output: a JSON value as aligned text tables (field/value, rows, a labelled confusion matrix).

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): boolean => value === null || (typeof value !== 'object' && value !== undefined);
const isScalarList = (value: unknown): value is unknown[] => Array.isArray(value) && value.every(isScalar);
/** A cell that fits in one table column: a scalar or a list of scalars. */
const isFlat = (value: unknown): boolean => isScalar(value) || isScalarList(value);
const isMatrix = (value: unknown): value is number[][] =>
  Array.isArray(value) &&
  value.length > 0 &&
  value.every((row) => Array.isArray(row) && row.length === value.length && row.every((n) => typeof n === 'number'));

/** A number as a person reads it: integers whole, fractions to four decimals. */
function formatNumber(n: number): string {
  return Number.isInteger(n) ? String(n) : String(Number(n.toFixed(4)));
}

/** One cell's text: scalars as they are, lists joined with commas, anything deeper as compact JSON. */
export function formatCell(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'string') return value.replace(/\s*\n\s*/g, ' ');
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (isScalarList(value)) return value.length === 0 ? '-' : value.map(formatCell).join(', ');
  return JSON.stringify(value);
}

/** Aligned columns, two spaces apart, trailing spaces trimmed; numbers right-aligned when `alignNumbers`. */
export function renderGrid(rows: readonly (readonly string[])[], alignNumbers = false): string {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const widths = Array.from({ length: columns }, (_, i) =>
    Math.max(0, ...rows.map((row) => [...(row[i] ?? '')].length)),
  );
  const numeric = /^-?\d+(\.\d+)?$/;
  return rows
    .map((row) =>
      widths
        .map((width, i) => {
          const cell = row[i] ?? '';
          const pad = ' '.repeat(width - [...cell].length);
          return alignNumbers && i > 0 && numeric.test(cell) ? pad + cell : cell + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

const chars = (text: string): number => [...text].length;
const shorten = (text: string, width: number): string =>
  chars(text) > width ? `${[...text].slice(0, Math.max(0, width - 1)).join('')}…` : text;

/** The grid with its widest columns shortened (never below 12 characters) until a line fits in `maxWidth`. */
function fitColumns(grid: string[][], maxWidth: number): string[][] {
  const widths = grid[0]!.map((_, i) => Math.max(...grid.map((row) => chars(row[i] ?? ''))));
  const total = () => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
  while (total() > maxWidth) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest]! <= 12) break;
    widths[widest] = Math.max(12, widths[widest]! - (total() - maxWidth));
  }
  return grid.map((row) => row.map((cell, i) => shorten(cell, widths[i]!)));
}

/**
 * Objects as one table: a column per field that holds a scalar or a list of scalars (headers in capitals), the
 * widest cells shortened with … where a line would be wider than `maxWidth` (the terminal's). Fields holding objects
 * are left out and named in a last line.
 */
export function renderRows(items: readonly unknown[], maxWidth = Infinity): string {
  if (items.length === 0) return '(none)';
  if (!items.every(isPlain)) return items.map(formatCell).join('\n');
  const columns: string[] = [];
  const leftOut: string[] = [];
  for (const item of items)
    for (const [key, value] of Object.entries(item)) {
      const list = isFlat(value) ? columns : leftOut;
      if (!columns.includes(key) && !leftOut.includes(key)) list.push(key);
      else if (!isFlat(value) && columns.includes(key)) {
        columns.splice(columns.indexOf(key), 1);
        leftOut.push(key);
      }
    }
  const grid = [
    columns.map((c) => c.toUpperCase()),
    ...items.map((item) => columns.map((c) => formatCell(Object.hasOwn(item, c) ? item[c] : undefined))),
  ];
  const note = leftOut.length > 0 ? `\n(${leftOut.join(', ')}: shown with --json)` : '';
  return `${renderGrid(columns.length > 0 ? fitColumns(grid, maxWidth) : grid)}${note}`;
}

/** A label's name from a model's `labels` entry (a string or `{ name }`). */
const labelName = (entry: unknown): string | undefined =>
  typeof entry === 'string' ? entry : isPlain(entry) && typeof entry.name === 'string' ? entry.name : undefined;

function labelsOf(record: Plain): string[] | undefined {
  if (!Array.isArray(record.labels)) return undefined;
  const names = record.labels.map(labelName);
  return names.every((n): n is string => n !== undefined) ? names : undefined;
}

/**
 * A confusion matrix with its labels on both axes: gold labels down, predicted across. Without a `labels` list
 * beside it, `per_class` gives the order (the server writes it in label order) unless a label looks like an array
 * index, which an object's keys would reorder; then the axes are numbered.
 */
export function renderConfusionMatrix(matrix: number[][], labels: readonly string[] | undefined): string {
  const names = labels && labels.length === matrix.length ? labels : matrix.map((_, i) => `#${i + 1}`);
  return renderGrid(
    [['gold \\ predicted', ...names], ...matrix.map((row, i) => [names[i] ?? '', ...row.map(formatNumber)])],
    true,
  );
}

function matrixLabels(record: Plain, inherited: string[] | undefined): string[] | undefined {
  const own = labelsOf(record) ?? inherited;
  if (own) return own;
  if (!isPlain(record.per_class)) return undefined;
  const keys = Object.keys(record.per_class);
  return keys.some((k) => /^(0|[1-9]\d*)$/.test(k)) ? undefined : keys;
}

interface Section {
  title: string;
  body: string;
}

/** Fields into `pairs` (nested objects as dotted names), tables and matrices into `sections`. */
function collect(
  record: Plain,
  prefix: string,
  inherited: string[] | undefined,
  pairs: string[][],
  sections: Section[],
): void {
  const labels = labelsOf(record) ?? inherited;
  for (const [key, value] of Object.entries(record)) {
    const name = `${prefix}${key}`;
    if (isFlat(value)) pairs.push([name, formatCell(value)]);
    else if (key === 'confusion_matrix' && isMatrix(value))
      sections.push({
        title: `${name} (rows: gold label, columns: predicted label)`,
        body: renderConfusionMatrix(value, matrixLabels(record, inherited)),
      });
    else if (Array.isArray(value)) {
      if (value.length === 0) pairs.push([name, '-']);
      else sections.push({ title: name, body: renderRows(value) });
    } else if (isPlain(value)) {
      const entries = Object.entries(value);
      if (entries.length === 0) pairs.push([name, '-']);
      else if (entries.every(([, v]) => isPlain(v) && Object.values(v).every(isFlat)))
        sections.push({
          title: name,
          body: renderRows(entries.map(([k, v]) => ({ '': k, ...(v as Plain) }))),
        });
      else collect(value, `${name}.`, labels, pairs, sections);
    } else pairs.push([name, formatCell(value)]);
  }
}

/** One object as a field/value table followed by its nested tables, each under its field's name. */
export function renderRecord(record: Plain): string {
  const pairs: string[][] = [];
  const sections: Section[] = [];
  collect(record, '', undefined, pairs, sections);
  const parts = [...(pairs.length > 0 ? [renderGrid(pairs)] : []), ...sections.map((s) => `${s.title}\n${s.body}`)];
  return parts.join('\n\n');
}

/** Any JSON value as text for a terminal. */
export function renderValue(value: unknown): string {
  if (isPlain(value)) return renderRecord(value);
  if (Array.isArray(value)) return isMatrix(value) ? renderConfusionMatrix(value, undefined) : renderRows(value);
  return formatCell(value);
}
