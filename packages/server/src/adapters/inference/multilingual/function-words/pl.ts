// Polish function words, pronoun cases and inflected forms of frequent verbs → English equivalents.
import type { FunctionWordTable } from './table.js';

export const POLISH: FunctionWordTable = {
  // personal pronouns in their cases
  ja: 'i', mnie: 'me', mi: 'me', mną: 'me', ty: 'you', cię: 'you', ciebie: 'you', tobie: 'you', tobą: 'you',
  on: 'he', go: 'him', jego: 'his', niego: 'him', mu: 'him', jemu: 'him', nim: 'him', ona: 'she', ją: 'her',
  jej: 'her', niej: 'her', nią: 'her', ono: 'it', my: 'we', nas: 'us', nam: 'us', nami: 'us', wy: 'you',
  was: 'you', wam: 'you', wami: 'you', oni: 'they', one: 'they', ich: 'their', im: 'them', nich: 'them',
  nimi: 'them', się: '', siebie: 'oneself', sobie: 'oneself',
  // possessives (swój, the reflexive one, is my/your/his by the subject in English: dropped)
  mój: 'my', moja: 'my', moje: 'my', mojego: 'my', mojej: 'my', moim: 'my', moją: 'my', moi: 'my', moich: 'my',
  moimi: 'my', mojemu: 'my', twój: 'your', twoja: 'your', twoje: 'your', twojego: 'your', twojej: 'your',
  twoim: 'your', twoją: 'your', twoich: 'your', nasz: 'our', nasza: 'our', nasze: 'our', naszego: 'our',
  naszej: 'our', naszym: 'our', naszą: 'our', naszych: 'our', wasz: 'your', wasza: 'your', wasze: 'your',
  waszego: 'your', waszej: 'your', swój: '', swoja: '', swoje: '', swojego: '', swojej: '',
  swoim: '', swoją: '', swoich: '',
  // demonstratives, question words and relatives
  ten: 'this', ta: 'this', to: 'this', tego: 'this', tej: 'this', temu: 'this', tym: 'this', tą: 'this',
  te: 'these', tych: 'these', który: 'which', która: 'which', które: 'which', którego: 'which',
  której: 'which', którym: 'which', których: 'which', kto: 'who', co: 'what', czego: 'what', czym: 'what',
  gdzie: 'where', kiedy: 'when', jak: 'how', dlaczego: 'why', czemu: 'why', ile: 'how much', jaki: 'what',
  jaka: 'what', jakie: 'what', ktoś: 'someone', coś: 'something',
  // conjunctions
  i: 'and', a: 'and', oraz: 'and', lub: 'or', albo: 'or', ale: 'but', że: 'that', bo: 'because',
  ponieważ: 'because', jeśli: 'if', jeżeli: 'if', czy: 'whether', gdy: 'when', więc: 'so',
  // prepositions
  w: 'in', we: 'in', na: 'on', z: 'with', ze: 'with', do: 'to', od: 'from', po: 'after', przed: 'before',
  za: 'for', dla: 'for', o: 'about', przez: 'through', przy: 'at', bez: 'without', pod: 'under', nad: 'above',
  między: 'between', u: 'at', podczas: 'during',
  // negation
  nie: 'not', nigdy: 'never', nic: 'nothing', niczego: 'nothing', nikt: 'nobody', żaden: 'no', żadna: 'no',
  żadne: 'no', ani: 'nor',
  // być, mieć
  być: 'be', jestem: 'am', jesteś: 'are', jest: 'is', jesteśmy: 'are', jesteście: 'are', są: 'are', był: 'was',
  byłem: 'was', byłam: 'was', była: 'was', było: 'was', byli: 'were', były: 'were', będę: 'will',
  będziesz: 'will', będzie: 'will', będziemy: 'will', będą: 'will', mieć: 'have', mam: 'have', masz: 'have',
  ma: 'has', mamy: 'have', macie: 'have', mają: 'have', miał: 'had', miałem: 'had', miałam: 'had',
  miała: 'had', mieli: 'had',
  // modals
  mogę: 'can', możesz: 'can', może: 'can', możemy: 'can', mogą: 'can', można: 'can', mógł: 'could',
  mogłem: 'could', mogłam: 'could', mogła: 'could', mogli: 'could', chcę: 'want', chcesz: 'want',
  chce: 'want', chcemy: 'want', chcą: 'want', chciałem: 'wanted', chciałam: 'wanted', chciał: 'wanted',
  chciałbym: 'would like', chciałabym: 'would like', muszę: 'must', musisz: 'must', musi: 'must',
  musimy: 'must', muszą: 'must',
  // two-word phrases
  'już nie': 'no longer', 'jeszcze nie': 'not yet', 'z powodu': 'because of',
  // frequent adverbs and answers
  bardzo: 'very', też: 'also', także: 'also', jeszcze: 'still', już: 'already', zawsze: 'always', tu: 'here',
  tutaj: 'here', tam: 'there', teraz: 'now', wszystko: 'everything', wszyscy: 'all', wszystkie: 'all',
  każdy: 'every', każda: 'every', każde: 'every', więcej: 'more', tak: 'yes', dziękuję: 'thanks',
  dzięki: 'thanks', proszę: 'please',
};
