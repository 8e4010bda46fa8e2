// The upload benchmarks' CSV bodies, read back with csv-parse (the parser the server reads uploads with).
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { textColumnCsv, ticketCsv } from './generated-csv.js';

describe('ticketCsv', () => {
  const chunks = [...ticketCsv(2_500)];

  it('yields the header, then chunks of 1,000 rows, the last one shorter', () => {
    expect(chunks[0]).toBe('id,text,score,created,agent\n');
    expect(chunks.slice(1).map((c) => c.split('\n').length - 1)).toEqual([1_000, 1_000, 500]);
  });

  it('reads back as that many rows of five columns, the text with its commas', () => {
    const rows = parse(chunks.join(''), { columns: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(2_500);
    expect(rows[1]).toEqual({
      id: '2',
      text: 'Ticket 2: my parcel, order 2, never arrived; please refund or resend it',
      score: '2.5',
      created: '2026-01-12T10:15:00Z',
      agent: 'agent_2',
    });
  });
});

describe('textColumnCsv', () => {
  it('reads back as the same texts, quotes, commas and line breaks included', () => {
    const texts = [
      'plain',
      'a "quoted" word',
      'one, two',
      'line\nbreak',
      ...Array.from({ length: 1_200 }, (_, i) => `t${i}`),
    ];
    const chunks = [...textColumnCsv(texts)];
    expect(chunks).toHaveLength(3);
    const rows = parse(chunks.join(''), { columns: true }) as Array<{ text: string }>;
    expect(rows.map((r) => r.text)).toEqual(texts);
  });
});
