// Language identification with fastText lid.176: support-style sentences in 25 languages and edge cases.
import { beforeAll, describe, expect, it } from 'vitest';
import { isoFromFastTextLabel } from './language-codes.js';
import {
  collapseWhitespace,
  loadLanguageDetector,
  UNDETERMINED,
  type FastTextLanguageDetector,
} from './language-id.js';

const sentences: Array<[string, string]> = [
  ['en', 'I was charged twice for my subscription this month, please refund the extra payment.'],
  ['en', 'The app crashes every time I try to upload a photo.'],
  ['en', 'refund please'],
  ['fr', "Bonjour, je n'arrive pas à me connecter à mon compte depuis hier."],
  ['fr', 'Pouvez-vous annuler ma commande et me rembourser ?'],
  ['de', 'Ich habe mein Passwort vergessen und bekomme keine E-Mail zum Zurücksetzen.'],
  ['de', 'Die Lieferung ist seit zwei Wochen überfällig.'],
  ['es', 'Hola, quiero cancelar mi suscripción y recibir un reembolso.'],
  ['es', '¿Dónde está mi pedido?'],
  ['it', 'Il mio ordine non è ancora arrivato, potete controllare?'],
  ['pt', 'Não consigo acessar minha conta desde ontem à noite.'],
  ['nl', 'Ik heb twee keer betaald voor dezelfde bestelling.'],
  ['sv', 'Jag kan inte logga in på mitt konto.'],
  ['pl', 'Nie mogę zalogować się do swojego konta od wczoraj.'],
  ['ru', 'Здравствуйте, у меня не получается войти в личный кабинет.'],
  ['uk', 'Доброго дня, моє замовлення досі не доставлено.'],
  ['ja', '注文した商品がまだ届いていません。確認していただけますか。'],
  ['zh', '我的账户无法登录，请帮我重置密码。'],
  ['ko', '비밀번호를 잊어버렸어요. 어떻게 재설정하나요?'],
  ['ar', 'لقد تم خصم المبلغ مرتين من بطاقتي الائتمانية.'],
  ['hi', 'मेरा ऑर्डर अभी तक नहीं पहुंचा है, कृपया मदद करें।'],
  ['tr', 'Siparişim hâlâ gelmedi, lütfen yardımcı olur musunuz?'],
  ['el', 'Δεν μπορώ να συνδεθώ στον λογαριασμό μου.'],
  ['he', 'אני לא מצליח להתחבר לחשבון שלי.'],
  ['vi', 'Tôi không thể đăng nhập vào tài khoản của mình.'],
  ['fi', 'En pysty kirjautumaan tililleni eilisestä lähtien.'],
  ['cs', 'Nemohu se přihlásit ke svému účtu.'],
];

let detector: FastTextLanguageDetector;

beforeAll(async () => {
  detector = await loadLanguageDetector();
});

describe('FastTextLanguageDetector', () => {
  it.each(sentences)('detects %s: %s', (language, text) => {
    expect(detector.detect(text)).toBe(language);
  });

  it.each(['', '   \n\t ', '12345 678', '😀🎉👍', '!!! ??? ...', 'https://example.com/a/b?c=1 user@example.com'])(
    'answers und for text without letters: %j',
    (text) => {
      expect(detector.detect(text)).toBe(UNDETERMINED);
    },
  );

  it('reads multi-line text as one line', () => {
    expect(detector.detect('Bonjour,\nje voudrais annuler\r\nmon abonnement.\n')).toBe('fr');
  });

  it('answers und when the best guess is very unsure', async () => {
    const strict = await loadLanguageDetector({ minConfidence: 0.99 });
    expect(strict.detect('hello')).toBe(UNDETERMINED);
    expect(strict.guess('hello').confidence).toBeGreaterThan(0);
  });

  it('handles very long text', () => {
    expect(detector.detect('Das Paket ist leider noch nicht angekommen. '.repeat(2000))).toBe('de');
  });

  it('leaves the host process error handlers and fetch alone', () => {
    expect(process.listeners('unhandledRejection').some((l) => String(l).includes('abort'))).toBe(false);
    expect(typeof globalThis.fetch).toBe('function');
  });
});

describe('isoFromFastTextLabel', () => {
  it('keeps ISO 639-1 and 639-3 codes and renames Wikipedia-only codes', () => {
    expect(isoFromFastTextLabel('__label__en')).toBe('en');
    expect(isoFromFastTextLabel('__label__ceb')).toBe('ceb');
    expect(isoFromFastTextLabel('__label__als')).toBe('gsw');
    expect(isoFromFastTextLabel('__label__sh')).toBe('hbs');
    expect(isoFromFastTextLabel('__label__eml')).toBe('egl');
    expect(isoFromFastTextLabel('__label__bh')).toBe('bho');
  });
});

describe('collapseWhitespace', () => {
  it('collapses and trims exactly the white space of \\s and trim(), for every UTF-16 code unit', () => {
    const reference = (text: string) => text.replace(/\s+/gu, ' ').trim();
    for (let code = 0; code <= 0xffff; code++) {
      const c = String.fromCharCode(code);
      for (const text of [`a${c}b`, `${c}a b`, `a b${c}`, `a ${c}b`, c]) {
        const got = collapseWhitespace(text);
        if (got !== reference(text))
          expect(got, `U+${code.toString(16)} in ${JSON.stringify(text)}`).toBe(reference(text));
      }
    }
    expect(collapseWhitespace('  one\t\ttwo \n three  ')).toBe('one two three');
    const single = 'one two three';
    expect(collapseWhitespace(single)).toBe(single);
  });
});
