// Training data health on synthetic clusters: planted label flips rank at the top, duplicates with conflicting labels and confused pairs are found.
import { describe, expect, it } from 'vitest';
import { clusters } from './testing/clusters.js';
import {
  auditExamples,
  conflictingDuplicates,
  confusedPairs,
  normaliseForDuplicates,
  type AuditExample,
} from './audit.js';

const NAMES = ['alpha', 'beta', 'gamma'];

function plantedSet(): { examples: AuditExample[]; flipped: Set<number> } {
  const examples = clusters({ dim: 32, counts: [50, 50, 50], noise: 0.12, seed: 3 }).map((e, i) => ({
    ...e,
    text: `text ${i}`,
  }));
  const flipped = new Set<number>();
  for (let k = 0; k < 10; k++) {
    const i = k * 15 + 2;
    const e = examples[i] as AuditExample;
    examples[i] = { ...e, label: (e.label + 1) % 3 };
    flipped.add(i);
  }
  return { examples, flipped };
}

describe('auditExamples', () => {
  it('ranks planted label flips at the top of the suspects, suggesting the true label', async () => {
    const { examples, flipped } = plantedSet();
    const audit = await auditExamples(examples, NAMES, { limit: 20 });
    expect(audit).toMatchObject({ examples: 150, folds: 5 });
    const top = audit.suspects.slice(0, 20).map((s) => s.index);
    expect(top.filter((i) => flipped.has(i)).length).toBeGreaterThanOrEqual(8);
    for (const s of audit.suspects.filter((x) => flipped.has(x.index))) {
      expect(s.suggestedProbability).toBeGreaterThan(s.labelProbability);
      expect(NAMES.indexOf(s.suggestedLabel)).toBe((NAMES.indexOf(s.label) + 2) % 3);
    }
    const given = audit.suspects.map((s) => s.labelProbability);
    expect(given).toEqual([...given].sort((a, b) => a - b));
    expect(audit.outOfFoldAccuracy).toBeGreaterThan(0.85);
    expect(audit.outOfFoldAccuracy).toBeLessThan(0.95);
  });

  it('finds nothing to suspect in a clean, well separated set', async () => {
    const examples = clusters({ dim: 32, counts: [20, 20], noise: 0.05, seed: 5 }).map((e, i) => ({
      ...e,
      text: `t${i}`,
    }));
    const audit = await auditExamples(examples, ['a', 'b']);
    expect(audit.suspects).toEqual([]);
    expect(audit.confusions).toEqual([]);
    expect(audit.outOfFoldAccuracy).toBe(1);
  });
});

describe('conflictingDuplicates', () => {
  const v = (...xs: number[]) => Float32Array.from(xs);
  it('pairs texts equal after normalisation or nearly the same in meaning when their labels differ', () => {
    const examples: AuditExample[] = [
      { text: 'Where is my parcel?', label: 0, embedding: v(1, 0, 0) },
      { text: '  where is MY parcel ', label: 1, embedding: v(0, 1, 0) },
      { text: 'cancel my plan', label: 0, embedding: v(0, 0, 1) },
      { text: 'please end my plan', label: 1, embedding: v(0, 0.1, 1) },
      { text: 'stop my plan', label: 0, embedding: v(0, 0.1, 1) },
      { text: 'far away', label: 1, embedding: v(1, 1, 0) },
    ];
    const found = conflictingDuplicates(examples, ['x', 'y'], 0.95);
    expect(found.map((c) => [c.exact, c.examples.map((e) => e.text)])).toEqual([
      [true, ['Where is my parcel?', '  where is MY parcel ']],
      [false, ['please end my plan', 'stop my plan']],
      [false, ['cancel my plan', 'please end my plan']],
    ]);
    expect(normaliseForDuplicates('Ça  va, très BIEN!')).toBe('ça va très bien');
  });
});

describe('confusedPairs', () => {
  it('counts both directions of a pair and keeps a few of its texts', () => {
    const e = (label: number, text: string): AuditExample => ({ label, text, embedding: new Float32Array(1) });
    const examples = [e(0, 'a1'), e(1, 'b1'), e(1, 'b2'), e(2, 'c1'), e(0, 'a2')];
    const pairs = confusedPairs(examples, ['a', 'b', 'c'], [1, 0, 0, 0, 0]);
    expect(pairs).toEqual([
      {
        labels: ['a', 'b'],
        count: 3,
        examples: [
          { text: 'a1', label: 'a', predicted: 'b' },
          { text: 'b1', label: 'b', predicted: 'a' },
          { text: 'b2', label: 'b', predicted: 'a' },
        ],
      },
      { labels: ['a', 'c'], count: 1, examples: [{ text: 'c1', label: 'c', predicted: 'a' }] },
    ]);
  });
});
