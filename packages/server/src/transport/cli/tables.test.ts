// The CLI's tables: field/value records, rows with nested fields named, and a confusion matrix labelled on both axes.
import { describe, expect, it } from 'vitest';
import { renderRecord, renderRows, renderValue } from './tables.js';

describe('CLI tables', () => {
  it('labels both axes of a confusion matrix from the labels beside it', () => {
    const text = renderRecord({
      id: 3,
      labels: [{ name: 'billing' }, { name: 'refund' }, { name: 'shipping' }],
      metrics: {
        accuracy: 0.8333333,
        per_class: { billing: { precision: 1, recall: 0.5, f1: 0.6667, support: 2 } },
        confusion_matrix: [
          [1, 1, 0],
          [0, 2, 0],
          [0, 0, 2],
        ],
      },
    });
    expect(text).toContain('metrics.accuracy  0.8333');
    expect(text).toContain('metrics.confusion_matrix (rows: gold label, columns: predicted label)');
    expect(text).toContain(
      [
        'gold \\ predicted  billing  refund  shipping',
        'billing                 1       1         0',
        'refund                  0       2         0',
        'shipping                0       0         2',
      ].join('\n'),
    );
    expect(text).toMatch(/metrics\.per_class\n\s+PRECISION\s+RECALL\s+F1\s+SUPPORT\nbilling\s+1\s+0\.5\s+0\.6667\s+2/);
  });

  it("takes an evaluation's label order from per_class, and numbers the axes where keys could be reordered", () => {
    const matrix = [
      [2, 0],
      [1, 3],
    ];
    const scores = { precision: 1, recall: 1, f1: 1, support: 2 };
    const named = renderValue({ per_class: { spam: scores, ham: scores }, confusion_matrix: matrix });
    expect(named).toContain('gold \\ predicted  spam  ham\nspam                 2    0\nham                  1    3');
    const numeric = renderValue({ per_class: { '10': scores, '2': scores }, confusion_matrix: matrix });
    expect(numeric).toContain('gold \\ predicted  #1  #2');
  });

  it('prints a list as one table, naming the nested fields it leaves to --json', () => {
    expect(
      renderRows([
        { id: 1, name: 'Support topics', labels: ['billing', 'refund'], metrics: { accuracy: 0.9 }, deployed: true },
        { id: 12, name: 'Sentiment', labels: [], metrics: { accuracy: null }, deployed: false },
      ]),
    ).toBe(
      [
        'ID  NAME            LABELS           DEPLOYED',
        '1   Support topics  billing, refund  yes',
        '12  Sentiment       -                no',
        '(metrics: shown with --json)',
      ].join('\n'),
    );
    expect(renderRows([])).toBe('(none)');
    const wide = [{ id: 'an-encoder', source: `pulled from ${'x'.repeat(60)}` }];
    expect(renderRows(wide, 40)).toBe(`ID          SOURCE\nan-encoder  pulled from ${'x'.repeat(15)}…`);
    expect(renderRows(wide)).toContain('x'.repeat(60));
  });
});
