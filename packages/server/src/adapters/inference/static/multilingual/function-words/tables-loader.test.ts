// The function-word files and their loader: one JSON file per listed language, read in the listed order; a file of
// another shape is refused with its name.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  ENCODER_WORDS,
  FUNCTION_WORD_LANGUAGES,
  FUNCTION_WORDS,
  parseFunctionWordFile,
  parseSupportWords,
} from './tables.js';

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

  it('read a file’s support vocabulary apart from its function words, refusing a word listed in both', () => {
    const groups = [{ about: 'articles', words: { le: 'the' } }];
    const file = { language: 'xx', groups, support: { about: 'support', words: { facture: 'invoice' } } };
    const functionWords = parseFunctionWordFile(file, 'xx', 'xx.json');
    expect(functionWords).toEqual({ le: 'the' });
    expect(parseSupportWords(file, functionWords, 'xx.json')).toEqual({ facture: 'invoice' });
    expect(parseSupportWords({ language: 'xx', groups }, functionWords, 'xx.json')).toEqual({});
    expect(() => parseSupportWords({ support: { words: { le: 'the' } } }, functionWords, 'xx.json')).toThrow(
      'xx.json: support word le is a function word too',
    );
    expect(() => parseSupportWords({ support: { words: ['facture'] } }, functionWords, 'xx.json')).toThrow(
      'xx.json: support.words is not an object',
    );
    expect(() => parseSupportWords({ support: { words: { facture: 1 } } }, functionWords, 'xx.json')).toThrow(
      'support.words.facture is not a string',
    );
  });

  it('give the encoder every language’s function words and support vocabulary, language identification the former', () => {
    expect(FUNCTION_WORDS.pt?.fatura).toBeUndefined();
    expect(ENCODER_WORDS.pt?.fatura).toBe('invoice');
    for (const code of FUNCTION_WORD_LANGUAGES)
      expect(ENCODER_WORDS[code]).toEqual(expect.objectContaining(FUNCTION_WORDS[code]));
  });
});
