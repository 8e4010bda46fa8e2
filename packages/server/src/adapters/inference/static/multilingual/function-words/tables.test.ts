// The function-word tables against the committed default encoder's tokenizer: every English word they name has a row,
// and German, Japanese and Chinese texts take the English rows of their function words.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { STATIC_MULTI_ENCODER_ID, SERVER_PACKAGE_ROOT } from '../../../registry/package-paths.js';
import { isWordToken, StaticWordTokenizer } from '../../static-tokenizer.js';
import { parseStaticTokenizerConfig, type StaticTokenizerConfig } from '../../tokenizer-config.js';
import { ENCODER_WORDS } from './tables.js';

let config: StaticTokenizerConfig;
let tokenizer: StaticWordTokenizer;
const english = (word: string): number => {
  const id = config.vocab[word];
  if (id === undefined) throw new Error(`no English row for ${word}`);
  return id;
};
const foreign = (code: string, word: string): number | undefined => config.languages?.[code]?.vocab[word];

beforeAll(async () => {
  const gz = await readFile(
    join(SERVER_PACKAGE_ROOT, '..', '..', 'models', STATIC_MULTI_ENCODER_ID, 'tokenizer.json.gz'),
  );
  config = parseStaticTokenizerConfig(JSON.parse(gunzipSync(gz).toString('utf8')));
  tokenizer = new StaticWordTokenizer(config);
});

describe('function-word tables and support vocabulary', () => {
  it('cover languages of the encoder only, with lowercase NFC keys the tokenizer can produce', () => {
    for (const [code, table] of Object.entries(ENCODER_WORDS)) {
      expect(tokenizer.languageCodes).toContain(code);
      for (const key of Object.keys(table)) {
        expect(key).toBe(key.toLowerCase().normalize('NFC'));
        expect(key.split(' ').every(isWordToken), `${code}: ${key}`).toBe(true);
      }
    }
  });

  it('name English words that have rows (all but "a" and "i", one-letter words the English vocabulary itself lacks)', () => {
    const missing = new Set<string>();
    for (const table of Object.values(ENCODER_WORDS)) {
      for (const target of Object.values(table)) {
        for (const word of target.split(' ')) {
          if (word !== '' && config.vocab[word] === undefined && config.contractions.words[word] === undefined)
            missing.add(word);
        }
      }
    }
    expect([...missing].sort()).toEqual(['a', 'i']);
  });
});

describe('function words in the default encoder', () => {
  it('German ist, kann and des take the rows of is, can and of the, not Kanne or D flat', () => {
    const text = 'Das Passwort des Kontos ist falsch, ich kann mich nicht anmelden.';
    expect(tokenizer.route(text)).toBe('de');
    const ids = [...tokenizer.encode(text)];
    expect(ids).toEqual(expect.arrayContaining(['is', 'can', 'of', 'the', 'not'].map(english)));
    for (const word of ['kann', 'des', 'ist']) {
      const own = foreign('de', word);
      if (own !== undefined) expect(ids).not.toContain(own);
    }
  });

  it('Japanese 届きませんでした carries "not", and particles take no dictionary homograph', () => {
    const text = 'パスワードをリセットするメールが届きませんでした。';
    expect(tokenizer.route(text)).toBe('ja');
    expect([...tokenizer.encode(text)]).toContain(english('not'));
    expect([...tokenizer.encode('荷物が届きました。')]).not.toContain(english('not'));
  });

  it('Chinese 没有 is "not" and 的 is "of", not 的士 (taxi)', () => {
    const ids = [...tokenizer.encode('我的包裹还没有到。')];
    expect(ids).toEqual(expect.arrayContaining(['my', 'not'].map(english)));
    const taxi = foreign('zh', '的');
    if (taxi !== undefined) expect(ids).not.toContain(taxi);
    expect([...tokenizer.encode('发票的价格')]).toContain(english('of'));
  });
});

describe('support vocabulary in the default encoder', () => {
  it('reads the support words whose dictionary sense misled in their support sense (fatura was "account")', () => {
    const cases: Array<[string, string, string]> = [
      ['Preciso da segunda via da fatura de abril.', 'pt', 'invoice'],
      ['Jag behöver en kopia av fakturan.', 'sv', 'invoice'],
      ['Lösenordet fungerar inte längre.', 'sv', 'password'],
      ['Ik wil mijn abonnement opzeggen.', 'nl', 'cancel'],
      ['Aboneliğimi iptal etmek istiyorum.', 'tr', 'cancel'],
      ['Приложение вылетает при запуске.', 'ru', 'crashes'],
      ['パスワードを忘れてログインできません。', 'ja', 'log'],
      ['我无法登录我的账号。', 'zh', 'log'],
    ];
    for (const [text, code, word] of cases) {
      expect(tokenizer.route(text), text).toBe(code);
      expect([...tokenizer.encode(text)], text).toContain(english(word));
    }
  });

  it('reads reviews and complaints: litotes as praise, breakage and failure, and what people review', () => {
    const cases: Array<[string, string, string[]]> = [
      ['Całkiem nieźle, obsługa była szybka.', 'pl', ['pretty', 'good']],
      ['Неплохо, но в номере было грязно.', 'ru', ['pretty', 'good']],
      ['Nada mau, o garçom foi muito educado.', 'pt', ['pretty', 'good', 'polite']],
      ['Der Reißverschluss ist nach zwei Wochen kaputtgegangen.', 'de', ['zipper', 'broke']],
      ['Dragkedjan gick sönder efter en vecka.', 'sv', ['zipper', 'broke']],
      ['Volo cancellato per sciopero, mai più.', 'it', ['flight', 'strike', 'never', 'again']],
      ['Tren rötarlı geldi, gerçekten bıktım.', 'tr', ['delayed', 'fed', 'up']],
      ['部屋は悪くなかったけど、少しうるさかったです。', 'ja', ['pretty', 'good', 'noisy']],
      ['手机用了两天就坏了。', 'zh', ['broke']],
    ];
    for (const [text, code, words] of cases) {
      expect(tokenizer.route(text), text).toBe(code);
      expect([...tokenizer.encode(text)], text).toEqual(expect.arrayContaining(words.map(english)));
    }
    // Japanese ている forms are not 師弟 ("teacher"), and a traditional Chinese 嗎 asks rather than reads "what".
    expect([...tokenizer.encode('とても満足していました。')]).not.toContain(english('teacher'));
    expect([...tokenizer.encode('這個會壞嗎？')]).not.toContain(english('what'));
  });

  it('reads set phrases of several words as their sense (deixou a desejar was "left the wish"), and a Turkish İ as i', () => {
    const cases: Array<[string, string, string[]]> = [
      ['O atendimento deixou a desejar.', 'pt', ['disappointing']],
      ['Il servizio clienti lascia a desiderare.', 'it', ['disappointing']],
      ['Der Kundenservice lässt zu wünschen übrig.', 'de', ['disappointing']],
      ['Le service client laisse à désirer.', 'fr', ['disappointing']],
      ['La atención al cliente deja mucho que desear.', 'es', ['disappointing']],
      ['De klantenservice laat te wensen over.', 'nl', ['disappointing']],
      ['Obsługa klienta pozostawia wiele do życzenia.', 'pl', ['disappointing']],
      ['Качество обслуживания оставляет желать лучшего.', 'ru', ['disappointing']],
      ['Hotellet var värt varje krona.', 'sv', ['worth', 'every', 'penny']],
      ['İşe yaramaz bir ürün, bir daha asla almam.', 'tr', ['useless', 'never', 'again']],
    ];
    for (const [text, code, words] of cases) {
      expect(tokenizer.route(text), text).toBe(code);
      expect([...tokenizer.encode(text)], text).toEqual(expect.arrayContaining(words.map(english)));
    }
    // The phrase's own words are not read one by one as well ("wish" of deixou a desejar).
    expect([...tokenizer.encode('O atendimento deixou a desejar.')]).not.toContain(english('wish'));
  });

  it('reads the most frequent everyday words and the days and months of dates (veio was "axis", lunes "friday")', () => {
    const cases: Array<[string, string, string[]]> = [
      ['Ele veio ontem e disse que a mala pesa muito.', 'pt', ['came', 'said', 'weighs']],
      ['De kinderen bleven een week en hij weegt tien kilo.', 'nl', ['children', 'stayed', 'weighs']],
      ['Мы пошли в магазин с детьми, но ничего не нашли.', 'ru', ['went', 'children', 'found']],
      ['Väskan väger mycket och passar inte i bagageutrymmet.', 'sv', ['weighs', 'fits']],
      ['Sono andato al negozio ma non ho trovato la taglia giusta.', 'it', ['went', 'found', 'right']],
      ['Ich weiß nicht, ob die Jacke passt.', 'de', ['know', 'fits']],
      ['El paquete llega el sábado o el lunes.', 'es', ['saturday', 'monday']],
      ['Faktura z 5 marca, dostawa w piątek.', 'pl', ['march', 'friday']],
      ['Kargo cumartesi geldi, ocak faturası ödendi.', 'tr', ['saturday', 'january']],
      ['夫は毎日犬と遊んでいます。', 'ja', ['husband', 'dog']],
      ['下个月我要去北京出差。', 'zh', ['beijing']],
    ];
    for (const [text, code, words] of cases) {
      expect(tokenizer.route(text), text).toBe(code);
      expect([...tokenizer.encode(text)], text).toEqual(expect.arrayContaining(words.map(english)));
    }
    // Where a form was read as another day (Russian понедельник was "friday"), it no longer is.
    expect([...tokenizer.encode('Доставка в понедельник.')]).not.toContain(english('friday'));
  });

  it('marks a text read through a language table as translated, even when every word took an English row', () => {
    expect(tokenizer.encodeRead('Lösenordet fungerar inte').translated).toBe(true);
    expect(tokenizer.encodeRead('My password does not work').translated).toBe(false);
  });
});
