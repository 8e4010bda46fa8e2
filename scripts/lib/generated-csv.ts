// CSV bodies the upload benchmarks stream, generated a chunk of 1,000 rows at a time (never held whole).

/** ~100-byte rows with a quoted text holding commas, generated chunk by chunk as the upload reads them. */
export function* ticketCsv(rows: number): Generator<string> {
  yield 'id,text,score,created,agent\n';
  const chunk: string[] = [];
  for (let i = 1; i <= rows; i += 1) {
    chunk.push(
      `${i},"Ticket ${i}: my parcel, order ${i % 9973}, never arrived; please refund or resend it",${i % 100}.5,2026-01-12T10:15:00Z,agent_${i % 50}\n`,
    );
    if (chunk.length === 1000 || i === rows) {
      yield chunk.join('');
      chunk.length = 0;
    }
  }
}

/** A one-column `text` CSV of the given texts, each quoted (inner quotes doubled). */
export function* textColumnCsv(texts: readonly string[]): Generator<string> {
  yield 'text\n';
  for (let start = 0; start < texts.length; start += 1000)
    yield texts
      .slice(start, start + 1000)
      .map((t) => `"${t.replaceAll('"', '""')}"\n`)
      .join('');
}
