// English contraction rules written into the default encoder's tokenizer.json (GloVe has no "n't" or "'s").
import type { ContractionRules } from './tokenizer-config.js';

export const ENGLISH_CONTRACTIONS: ContractionRules = {
  words: {
    "can't": ['can', 'not'],
    cannot: ['can', 'not'],
    "won't": ['will', 'not'],
    "shan't": ['shall', 'not'],
    "ain't": ['is', 'not'],
    "let's": ['let', 'us'],
    "y'all": ['you', 'all'],
  },
  suffixes: {
    "n't": ['not'],
    "'re": ['are'],
    "'ve": ['have'],
    "'ll": ['will'],
    "'m": ['am'],
    "'d": ['would'],
    "'s": [],
  },
};
