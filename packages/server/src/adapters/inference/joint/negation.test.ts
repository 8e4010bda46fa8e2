// Negation folding: a negated polar word becomes its opposite, the rest of the text stays, and texts without a
// negated polar word are left alone (undefined).
import { describe, expect, it } from 'vitest';
import { foldNegation, foldTokens, mayNegate } from './negation.js';

describe('foldNegation', () => {
  it.each([
    ['not bad at all', 'good'],
    ['Honestly, not bad at all for the price.', 'Honestly, good for the price.'],
    ["It isn't good.", 'It is bad.'],
    ['The app doesn’t work since the update', 'The app does fail since the update'],
    ['I am not unhappy with it', 'I am happy with it'],
    ['not really impressed', 'disappointed'],
    ['no complaints, thanks', 'satisfied, thanks'],
    ["I can't complain", 'I can praise'],
    ['NOT GOOD', 'bad'],
  ])('folds %j into %j', (text, folded) => {
    expect(foldNegation(text)).toBe(folded);
  });

  it.each([
    'never again',
    'not at all what I ordered',
    'I cannot log in',
    "I don't want to cancel, I want a refund",
    'a good day',
    '',
  ])('leaves %j alone', (text) => {
    expect(foldNegation(text)).toBeUndefined();
  });

  it('stops looking after three words between the negator and a polar word', () => {
    expect(foldNegation('not that bad')).toBe('good');
    expect(foldNegation('not that it was very bad')).toBeUndefined();
  });

  // Object.prototype's names are ordinary words here: a plain-object table once found Object for "constructor" and
  // threw (token.toLowerCase is not a function), which answered 500 for any text holding the word.
  const prototypeNames = [...Object.getOwnPropertyNames(Object.prototype), 'prototype', '__defineGetter__'];
  it.each(prototypeNames)('reads %j as an ordinary word, alone, negated and contracted', (name) => {
    expect(foldNegation(name)).toBeUndefined();
    expect(foldNegation(`the ${name} is broken`)).toBeUndefined();
    expect(foldNegation(`not ${name}`)).toBeUndefined();
    expect(foldNegation(`it is not ${name} at all, not bad`)).toBe(`it is not ${name} at all, good`);
    expect(foldNegation(`${name}n't ${name}`)).toBeUndefined();
    expect(foldNegation(`the ${name} isn't good`)).toBe(`the ${name} is bad`);
  });

  // The quick check skips the token walk for texts it finds no negator in: it must find one in every text the walk folds.
  const negators = [
    'not',
    'NOT',
    'Not',
    'never',
    'No',
    'hardly',
    'nothing',
    'cannot',
    "isn't",
    'DOESN’T',
    'wonʼt',
    "n't",
    "can't",
  ];
  const around = ['', ' ', '(', '"', '.', ', ', '!\n', '\t', ':', 'x', '-', "'"];
  const polar = ['bad', 'good', 'work', 'unhappy', 'impressed', 'complaints', 'happy'];
  const texts = negators.flatMap((negator) =>
    around.flatMap((before) =>
      around.flatMap((after) =>
        polar.flatMap((word) => [
          `${before}${negator}${after}${word}`,
          `a ${before}${negator}${after} really ${word} day`,
        ]),
      ),
    ),
  );
  it(`finds a negator in every text the token walk folds, and answers as the walk does (${texts.length} texts)`, () => {
    let folded = 0;
    for (const text of texts) {
      const walked = foldTokens(text);
      if (walked !== undefined) {
        folded++;
        expect(mayNegate(text), text).toBe(true);
      }
      expect(foldNegation(text), text).toBe(walked);
    }
    expect(folded).toBeGreaterThan(4_000);
  });

  it.each(['a good day', 'know nothingness', 'the piano was tuned', 'snot', 'notable', 'Nothing-like', 'tonight'])(
    'skips the walk for %j, which holds no negator',
    (text) => {
      expect(mayNegate(text)).toBe(false);
    },
  );
});
