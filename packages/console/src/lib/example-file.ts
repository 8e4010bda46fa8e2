// Reads a CSV or JSON Lines file of labelled examples in the browser: columns, rows with their line numbers, and the
// errors by line, before anything is sent; then maps the chosen columns to examples, checking each row.

export interface FileRow {
  line: number;
  values: Map<string, string>;
}

export interface ParsedFile {
  columns: string[];
  rows: FileRow[];
  errors: LineError[];
}

export interface LineError {
  line: number;
  message: string;
}

export interface Example {
  text: string;
  label?: string;
  labels?: string[];
}

/** CSV (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks) with a header row. */
export function parseCsv(source: string): ParsedFile {
  const records: Array<{ line: number; fields: string[] }> = [];
  const errors: LineError[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  const text = source.replace(/^\uFEFF/, '');
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      fields.push(field);
      if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
      fields = [];
      field = '';
      line++;
      recordLine = line;
    } else field += char;
  }
  if (quoted) errors.push({ line: recordLine, message: 'a quoted field is never closed' });
  if (field !== '' || fields.length > 0) {
    fields.push(field);
    records.push({ line: recordLine, fields });
  }
  const header = records.shift();
  if (!header) return { columns: [], rows: [], errors: [{ line: 1, message: 'the file is empty' }] };
  const columns = header.fields.map((name) => name.trim());
  const rows: FileRow[] = [];
  for (const record of records) {
    if (record.fields.length !== columns.length) {
      errors.push({
        line: record.line,
        message: `${record.fields.length} fields where the header has ${columns.length}`,
      });
      continue;
    }
    rows.push({ line: record.line, values: new Map(columns.map((name, at) => [name, record.fields[at] ?? ''])) });
  }
  return { columns, rows, errors };
}

/** JSON Lines: one object per line; its string (or string-array) fields become columns. */
export function parseJsonLines(source: string): ParsedFile {
  const columns: string[] = [];
  const seen = new Set<string>();
  const rows: FileRow[] = [];
  const errors: LineError[] = [];
  source.split(/\r?\n/).forEach((raw, at) => {
    const line = at + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      errors.push({ line, message: `not JSON: ${(error as Error).message}` });
      return;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      errors.push({ line, message: 'not a JSON object' });
      return;
    }
    const values = new Map<string, string>();
    for (const [name, field] of Object.entries(value)) {
      if (!seen.has(name)) {
        seen.add(name);
        columns.push(name);
      }
      values.set(
        name,
        Array.isArray(field) ? field.map(String).join('|') : typeof field === 'string' ? field : JSON.stringify(field),
      );
    }
    rows.push({ line, values });
  });
  return { columns, rows, errors };
}

export function parseExampleFile(fileName: string, source: string): ParsedFile {
  return /\.jsonl?$/i.test(fileName) || source.trimStart().startsWith('{') ? parseJsonLines(source) : parseCsv(source);
}

/**
 * The examples of the mapped columns; every row that cannot be one (empty text, no label, a label the model does not
 * have) is an error of its line. Multi-label cells list labels separated by `|`.
 */
export function mapExamples(
  file: ParsedFile,
  textColumn: string,
  labelColumn: string,
  labels: readonly string[],
  multiLabel: boolean,
): { examples: Example[]; errors: LineError[] } {
  const known = new Set(labels);
  const examples: Example[] = [];
  const errors: LineError[] = [...file.errors];
  for (const row of file.rows) {
    const text = (row.values.get(textColumn) ?? '').trim();
    const cell = (row.values.get(labelColumn) ?? '').trim();
    const given = multiLabel
      ? cell
          .split('|')
          .map((label) => label.trim())
          .filter((label) => label !== '')
      : [cell];
    if (text === '') errors.push({ line: row.line, message: `empty text in column "${textColumn}"` });
    else if (given.length === 0 || given[0] === '')
      errors.push({ line: row.line, message: `no label in column "${labelColumn}"` });
    else {
      const unknown = given.filter((label) => !known.has(label));
      if (unknown.length > 0)
        errors.push({ line: row.line, message: `unknown label ${unknown.map((l) => `"${l}"`).join(', ')}` });
      else examples.push(multiLabel ? { text, labels: given } : { text, label: given[0] as string });
    }
  }
  errors.sort((a, b) => a.line - b.line);
  return { examples, errors };
}
