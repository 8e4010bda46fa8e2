// Dictionary forms of conjugated Japanese words, and their use in lookup ahead of the bare kanji stem.
import { describe, expect, it } from 'vitest';
import { japaneseDictionaryForms } from './japanese-dictionary-forms.js';
import { WordLookup } from './word-lookup.js';

describe('japaneseDictionaryForms', () => {
  it('undoes verb and adjective endings after the kanji', () => {
    expect(japaneseDictionaryForms('届き')).toContain('届く');
    expect(japaneseDictionaryForms('届いて')).toContain('届く');
    expect(japaneseDictionaryForms('預けました')[0]).toBe('預ける');
    expect(japaneseDictionaryForms('入って')).toContain('入る');
    expect(japaneseDictionaryForms('読んで')).toContain('読む');
    expect(japaneseDictionaryForms('使えません')).toEqual(expect.arrayContaining(['使える', '使う']));
    expect(japaneseDictionaryForms('遅く')).toContain('遅い');
  });

  it('has nothing for words without kana after a kanji', () => {
    expect(japaneseDictionaryForms('荷物')).toEqual([]);
    expect(japaneseDictionaryForms('ありがとう')).toEqual([]);
    expect(japaneseDictionaryForms('アカウント')).toEqual([]);
  });
});

describe('WordLookup for Japanese', () => {
  it('finds a conjugated verb through its dictionary form before the noun its kanji spells alone', () => {
    const japanese = new WordLookup('ja', {
      script: 'kana',
      vocab: { 届: 100, 届く: 101 },
      stems: {},
      stemmer: 'japanese-okurigana',
      compounds: false,
    });
    expect(japanese.direct('届き')).toBe(101);
    expect(japanese.direct('届さ')).toBe(100); // no dictionary form of it is known: the stem
    expect(japanese.direct('届')).toBe(100);
  });
});
