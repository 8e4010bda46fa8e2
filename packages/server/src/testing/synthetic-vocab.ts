// A deterministic WordPiece vocabulary of any size (special tokens, characters, English words, syllable pieces) and its tokenizer.json.

export const SPECIAL_TOKENS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]'] as const;

const LETTERS = 'abcdefghijklmnopqrstuvwxyz0123456789';
const PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';
const WORDS = (
  'the of and to in is was for on that with as it by at from be this have are or an not which but they his her she he ' +
  'we you i me my our your their there what when where who how all one two three new more some about after first time ' +
  'people year day way good great small large long little old right big high different other same last own world life ' +
  'hand part child eye woman man place work week case point company number group problem fact money order service ' +
  'account password login reset refund payment invoice bill charge card price plan subscription cancel upgrade ' +
  'product delivery shipping package order bug error crash app website page help support question answer ' +
  'love hate like happy sad angry terrible awesome excellent bad poor fine okay thanks thank please sorry ' +
  'transcript call meeting customer agent email phone message today tomorrow yesterday morning night'
).split(' ');
const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'z',
  'ch',
  'sh',
  'th',
  'st',
  'tr',
];
const NUCLEI = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou', 'ie'];
const CODAS = ['', 'n', 'r', 's', 't', 'l'];

function* syllables(): Generator<string> {
  for (const coda of CODAS) for (const onset of ONSETS) for (const nucleus of NUCLEI) yield onset + nucleus + coda;
}

/** vocabSize tokens: specials first (ids 0-4), then characters, words and pieces with their "##" forms. */
export function syntheticVocabulary(vocabSize: number): string[] {
  const vocab = new Set<string>(SPECIAL_TOKENS);
  const push = (piece: string) => {
    if (vocab.size < vocabSize) vocab.add(piece);
  };
  for (const c of LETTERS) {
    push(c);
    push(`##${c}`);
  }
  for (const c of PUNCTUATION) push(c);
  for (const word of WORDS) push(word);
  const single = [...syllables()];
  for (const s of single) {
    push(s);
    push(`##${s}`);
  }
  outer: for (const a of single) {
    for (const b of single) {
      if (vocab.size >= vocabSize) break outer;
      push(a + b);
      push(`##${a}${b}`);
    }
  }
  if (vocab.size < vocabSize) throw new Error(`cannot make a vocabulary of ${vocabSize} tokens`);
  return [...vocab];
}

/** A Hugging Face tokenizers tokenizer.json for BERT-style WordPiece over vocab. */
export function wordPieceTokenizerJson(vocab: string[]): object {
  const ids = new Map(vocab.map((token, id) => [token, id]));
  const special = (content: string) => ({
    id: ids.get(content),
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const token = (id: string) => ({ SpecialToken: { id, type_id: 0 } });
  return {
    version: '1.0',
    truncation: null,
    padding: null,
    added_tokens: SPECIAL_TOKENS.map(special),
    normalizer: {
      type: 'BertNormalizer',
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: {
      type: 'TemplateProcessing',
      single: [token('[CLS]'), { Sequence: { id: 'A', type_id: 0 } }, token('[SEP]')],
      pair: [
        token('[CLS]'),
        { Sequence: { id: 'A', type_id: 0 } },
        token('[SEP]'),
        { Sequence: { id: 'B', type_id: 1 } },
        { SpecialToken: { id: '[SEP]', type_id: 1 } },
      ],
      special_tokens: Object.fromEntries(['[CLS]', '[SEP]'].map((t) => [t, { id: t, ids: [ids.get(t)], tokens: [t] }])),
    },
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: {
      type: 'WordPiece',
      unk_token: '[UNK]',
      continuing_subword_prefix: '##',
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(ids),
    },
  };
}
