// Concurrent row writers for fault tests: each row has a unique text, logged as accepted (2xx), rejected (other status) or in doubt (no answer).
import type { ServerProcess } from '../../src/testing/server-process.js';
import { call } from './harness.js';

export interface WriteLog {
  /** Texts of rows whose request was answered 2xx: they must be stored, once. */
  accepted: Set<string>;
  /** Texts of rows whose request got no answer (the server died): stored once or not at all. */
  inDoubt: Set<string>;
  /** Answers other than 2xx, for the failure message. */
  rejected: string[];
}

export const newWriteLog = (): WriteLog => ({ accepted: new Set(), inDoubt: new Set(), rejected: [] });

export interface WritersOptions {
  writers: number;
  /** The server writer `w` sends its next request to. */
  target(writer: number): Pick<ServerProcess, 'url' | 'apiKey'>;
  dataset: { key: string; id: number };
  /** Rows per POST /v2/dataset/{id}/item; every third request of a writer is a single POST /v2/datasets/{key}/records instead when `mixRecords`. */
  rowsPerItem: number;
  mixRecords: boolean;
  /** Rows each writer writes at most. */
  rowsPerWriter: number;
  /** Distinguishes the texts of one run of writers from another's. */
  label: string;
  stop?(): boolean;
}

/** Runs the writers until each wrote its rows, `stop` says so, or its server stopped answering. */
export async function runWriters(options: WritersOptions, log: WriteLog): Promise<void> {
  await Promise.all(Array.from({ length: options.writers }, (_, writer) => runWriter(options, writer, log)));
}

async function runWriter(options: WritersOptions, writer: number, log: WriteLog): Promise<void> {
  let written = 0;
  for (let request = 0; written < options.rowsPerWriter && !(options.stop?.() ?? false); request += 1) {
    const single = options.mixRecords && request % 3 === 2;
    const count = single ? 1 : Math.min(options.rowsPerItem, options.rowsPerWriter - written);
    const texts = Array.from(
      { length: count },
      (_, i) => `${options.label} writer ${writer} request ${request} row ${i}: the app crashes when I pay`,
    );
    const server = options.target(writer);
    let status: number;
    try {
      status = single
        ? (await call(server, 'POST', `/v2/datasets/${options.dataset.key}/records`, { text: texts[0] })).status
        : (
            await call(server, 'POST', `/v2/dataset/${options.dataset.id}/item`, {
              rows: texts.map((text) => ({ text })),
            })
          ).status;
    } catch {
      for (const text of texts) log.inDoubt.add(text);
      return;
    }
    if (status >= 200 && status < 300) for (const text of texts) log.accepted.add(text);
    else log.rejected.push(`${status} for ${texts[0]}`);
    written += count;
  }
}
