// The function-word files and their loader: one JSON file per listed language, read in the listed order; a file of
// another shape is refused with its name.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FUNCTION_WORD_LANGUAGES, FUNCTION_WORDS, parseFunctionWordFile } from './tables.js';

describe('the function-word files', () => {
  it('are one JSON file per listed language, nothing unlisted, read in the listed order', () => {
    const files = readdirSync(new URL('./', import.meta.url)).filter((name) => name.endsWith('.json'));
    expect(files.sort()).toEqual(FUNCTION_WORD_LANGUAGES.map((code) => `${code}.json`).sort());
    expect(Object.keys(FUNCTION_WORDS)).toEqual([...FUNCTION_WORD_LANGUAGES]);
    for (const table of Object.values(FUNCTION_WORDS)) expect(Object.keys(table).length).toBeGreaterThan(50);
  });

  it('join their groups in order into one table', () => {
    const file: unknown = {
      language: 'xx',
      about: 'test',
      groups: [
        { about: 'articles', words: { le: 'the', un: 'a' } },
        { about: 'phrases', words: { 'por favor': 'please', constructor: '' } },
      ],
    };
    const table = parseFunctionWordFile(file, 'xx', 'xx.json');
    expect(Object.entries(table)).toEqual([
      ['le', 'the'],
      ['un', 'a'],
      ['por favor', 'please'],
      ['constructor', ''],
    ]);
  });

  it('refuse another shape, naming the file and what is wrong', () => {
    const words = { le: 'the' };
    expect(() => parseFunctionWordFile([], 'xx', 'xx.json')).toThrow('xx.json: "language" is undefined');
    expect(() => parseFunctionWordFile({ language: 'yy', groups: [] }, 'xx', 'xx.json')).toThrow(
      '"language" is "yy", expected "xx"',
    );
    expect(() => parseFunctionWordFile({ language: 'xx', groups: {} }, 'xx', 'xx.json')).toThrow(
      '"groups" is not an array',
    );
    expect(() => parseFunctionWordFile({ language: 'xx', groups: [{ words: [] }] }, 'xx', 'xx.json')).toThrow(
      'groups[0].words is not an object',
    );
    expect(() => parseFunctionWordFile({ language: 'xx', groups: [{ words: { le: 1 } }] }, 'xx', 'xx.json')).toThrow(
      'groups[0].words.le is not a string',
    );
    expect(() => parseFunctionWordFile({ language: 'xx', groups: [{ words }, { words }] }, 'xx', 'xx.json')).toThrow(
      'a word is listed twice',
    );
  });
});
