// Examples of single- and multi-label models: `label` or `labels` (exactly one), separators in cells, errors naming the field.
import { describe, expect, it } from 'vitest';
import type { DomainError } from '../shared/domain-errors.js';
import { normaliseExamples, splitLabels } from './multi-label-examples.js';

const labels = ['refund', 'complaint', 'a|b'].map((name) => ({ name, descriptions: [] }));
const errorOf = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (error) {
    return error as DomainError;
  }
  throw new Error('no error');
};

describe('normaliseExamples', () => {
  it('leaves single-label examples as they were and refuses labels on them', () => {
    expect(normaliseExamples(labels, false, [{ text: 't', label: 'refund' }], 'examples')).toEqual([
      { text: 't', label: 'refund' },
    ]);
    const e = errorOf(() => normaliseExamples(labels, false, [{ text: 't', labels: ['refund'] }], 'examples'));
    expect(e.code).toBe('INVALID_PARAMETER');
    expect(e.message).toMatch(/^examples\[0\]\.labels: only a multi-label model/);
    expect(
      errorOf(() => normaliseExamples(labels, false, [{ text: 't', label: 'refund|complaint' }], 'x')).message,
    ).toMatch(/x\[0\]\.label: "refund\|complaint" is not a label/);
  });

  it('stores every label of a multi-label example, from labels or a separated label cell', () => {
    expect(
      normaliseExamples(
        labels,
        true,
        [
          { text: 'one', labels: ['complaint', 'refund'] },
          { text: 'two', label: ' refund | complaint |' },
          { text: 'three', label: 'refund' },
          { text: 'four', label: 'a|b' },
        ],
        'examples',
      ),
    ).toEqual([
      { text: 'one', label: 'complaint', labels: ['complaint', 'refund'] },
      { text: 'two', label: 'refund', labels: ['refund', 'complaint'] },
      { text: 'three', label: 'refund', labels: ['refund'] },
      { text: 'four', label: 'a|b', labels: ['a|b'] },
    ]);
  });

  it('refuses both forms, neither, an unknown label, a repeat and an empty list, naming the field', () => {
    const cases: Array<[object, string, RegExp]> = [
      [{ text: 't', label: 'refund', labels: ['refund'] }, 'INVALID_PARAMETER', /^e\[0\]: give either label or labels/],
      [{ text: 't' }, 'MISSING_REQUIRED_FIELD', /^e\[0\]\.label is required/],
      [{ text: 't', labels: ['refund', 'nope'] }, 'INVALID_PARAMETER', /^e\[0\]\.labels\[1\]: "nope" is not a label/],
      [{ text: 't', labels: ['refund', 'refund'] }, 'INVALID_PARAMETER', /^e\[0\]\.labels: a label appears twice/],
      [{ text: 't', labels: [] }, 'INVALID_PARAMETER', /^e\[0\]\.labels: an example needs at least one label/],
      [{ text: ' ', labels: ['refund'] }, 'INVALID_PARAMETER', /^e\[0\]\.text/],
    ];
    for (const [example, code, message] of cases) {
      const e = errorOf(() => normaliseExamples(labels, true, [example as never], 'e'));
      expect(e.code).toBe(code);
      expect(e.message).toMatch(message);
    }
  });

  it('splits a cell on the separator, trimming and dropping empty parts and repeats', () => {
    expect(splitLabels('refund|complaint')).toEqual(['refund', 'complaint']);
    expect(splitLabels(' refund || refund | complaint ')).toEqual(['refund', 'complaint']);
    expect(splitLabels('|')).toEqual([]);
  });
});
