// The coverage table: precision and coverage of the auto-decided held-out texts, per language and overall.
import { describe, expect, it } from 'vitest';
import { coverageTable } from './coverage-table.js';

describe('coverageTable', () => {
  it('writes a precision row and a coverage row per head, "–" where nothing is decided or a language is absent', () => {
    const table = coverageTable(
      [
        {
          task: 'support-intents',
          encoder: 'use-multi-612',
          targetPrecision: 0.9,
          all: { texts: 10, decided: 7, right: 6 },
          byLang: new Map([
            ['en', { texts: 6, decided: 4, right: 4 }],
            ['de', { texts: 4, decided: 0, right: 0 }],
          ]),
        },
      ],
      ['en', 'de', 'fr'],
    );
    expect(table.split('\n')).toEqual([
      '| set | encoder | target | measure | en | de | fr | all |',
      '|---|---|---|---|---|---|---|---|',
      '| support-intents | use-multi-612 | 0.9 | precision | 1.000 | – | – | 0.857 |',
      '| support-intents | use-multi-612 | 0.9 | coverage | 0.667 | 0.000 | – | 0.700 |',
    ]);
  });
});
