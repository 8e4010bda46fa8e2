// A dataset's records as keyset pages, each read only when the consumer asks for it (exports of any size).
import type { RecordRepository } from '../ports/repositories.js';
import type { DatasetRecord } from '../shared/types.js';

/** Records per page of an export: a few hundred kilobytes of JSON, read in one indexed query. */
export const EXPORT_PAGE_ROWS = 500;

/** Pages of the dataset's records by id; ends after a short page. Records written meanwhile may or may not appear. */
export async function* recordPages(
  records: RecordRepository,
  datasetId: number,
  pageRows: number = EXPORT_PAGE_ROWS,
): AsyncGenerator<DatasetRecord[], void, undefined> {
  let after: string | undefined;
  for (;;) {
    const page = await records.listAfter(datasetId, after, pageRows);
    if (page.length > 0) yield page;
    if (page.length < pageRows) return;
    after = page[page.length - 1]!.id;
  }
}
