// The stemmers the multilingual tokenizer uses at build time and run time.
import { describe, expect, it } from 'vitest';
import { isStemmerName, stemmerFor } from './stemmers.js';

describe('stemmers', () => {
  it('brings inflected forms together (Snowball, Polish endings, Japanese okurigana)', () => {
    const german = stemmerFor('german');
    expect(german('rechnungen')).toBe(german('rechnung'));
    const russian = stemmerFor('russian');
    expect(russian('паролей')).toBe(russian('пароля'));
    const polish = stemmerFor('polish-suffixes');
    expect(polish('faktury')).toBe(polish('fakturą'));
    const japanese = stemmerFor('japanese-okurigana');
    expect(japanese('忘れる')).toBe(japanese('忘れ'));
    expect(japanese('ログイン')).toBe('ログイン');
  });

  it('knows which names are stemmers', () => {
    expect(isStemmerName('french')).toBe(true);
    expect(isStemmerName('klingon')).toBe(false);
  });
});
