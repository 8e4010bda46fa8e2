// Streams the rows of an uploaded file (CSV with a header, or JSON Lines) with the 1-based line each row begins on.
import type { Readable } from 'node:stream';
import type { UploadFormat } from '../../core/ports/uploads.js';

/** Longest row (CSV record or JSON line) in bytes; a longer one fails the upload rather than grow memory. */
export const MAX_ROW_BYTES = 1024 * 1024;

/** A problem with the file itself, at a line (null: not about one line). */
export class UploadLineError extends Error {
  constructor(
    readonly line: number | null,
    message: string,
  ) {
    super(message);
    this.name = 'UploadLineError';
  }
}

export interface UploadRow {
  line: number;
  fields: Record<string, unknown>;
}

export function readRows(
  source: Readable,
  format: UploadFormat,
  onHeader: (names: string[]) => void,
): AsyncGenerator<UploadRow> {
  return format === 'csv' ? csvRows(source, onHeader) : jsonLines(source);
}

/** The CSV parser loads with the first CSV file read, not at start (app/process/deferred-packages.ts checks it is installed). */
export const CSV_PARSER_PACKAGE = 'csv-parse';

async function* csvRows(source: Readable, onHeader: (names: string[]) => void): AsyncGenerator<UploadRow> {
  const { CsvError, parse } = await import('csv-parse');
  const parser = source.pipe(
    parse({
      columns: (header: string[]) => {
        try {
          onHeader(header);
        } catch (err) {
          throw new UploadLineError(1, (err as Error).message);
        }
        return header;
      },
      info: true,
      bom: true,
      skip_empty_lines: true,
      max_record_size: MAX_ROW_BYTES,
    }),
  );
  source.once('error', (err) => parser.destroy(err));
  let lastLine = 1;
  let lastEmpty = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number; empty_lines: number };
    }>) {
      // info.lines is where the record ends; it begins after the previous record and any blank lines between.
      const line = lastLine + 1 + (info.empty_lines - lastEmpty);
      lastLine = info.lines;
      lastEmpty = info.empty_lines;
      yield { line, fields: record };
    }
  } catch (err) {
    if (err instanceof UploadLineError) throw err;
    // Every parse failure is a CsvError (codes like CSV_QUOTE_NOT_CLOSED, but also INVALID_OPENING_QUOTE).
    if (err instanceof CsvError)
      throw new UploadLineError(
        (err as InstanceType<typeof CsvError> & { lines?: number }).lines ?? null,
        `not valid CSV: ${err.message}`,
      );
    throw err;
  }
}

async function* jsonLines(source: Readable): AsyncGenerator<UploadRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  for await (const { line, bytes } of splitLines(source)) {
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw new UploadLineError(line, 'not valid UTF-8');
    }
    if (line === 1 && text.startsWith('\uFEFF')) text = text.slice(1);
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new UploadLineError(line, 'not valid JSON');
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new UploadLineError(line, 'expected a JSON object');
    yield { line, fields: value as Record<string, unknown> };
  }
}

/** Lines as bytes (without \n or \r\n), never holding more than one line of MAX_ROW_BYTES. */
async function* splitLines(source: Readable): AsyncGenerator<{ line: number; bytes: Buffer }> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  const take = (tail: Buffer): Buffer => {
    const whole = pending.length === 0 ? tail : Buffer.concat([...pending, tail]);
    pending = [];
    pendingBytes = 0;
    return whole.length > 0 && whole[whole.length - 1] === 13 ? whole.subarray(0, whole.length - 1) : whole;
  };
  const tooLong = () => new UploadLineError(line + 1, `longer than ${MAX_ROW_BYTES} bytes`);
  for await (const chunk of source as AsyncIterable<Buffer>) {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      if (pendingBytes + nl - start > MAX_ROW_BYTES) throw tooLong();
      const bytes = take(chunk.subarray(start, nl));
      line += 1;
      yield { line, bytes };
      start = nl + 1;
    }
    if (start < chunk.length) {
      pending.push(chunk.subarray(start));
      pendingBytes += chunk.length - start;
      if (pendingBytes > MAX_ROW_BYTES) throw tooLong();
    }
  }
  if (pendingBytes > 0) {
    const bytes = take(Buffer.alloc(0));
    line += 1;
    yield { line, bytes };
  }
}
