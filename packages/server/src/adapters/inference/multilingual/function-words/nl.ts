// Dutch function words and inflected forms of frequent verbs → English equivalents.
import type { FunctionWordTable } from './table.js';

export const DUTCH: FunctionWordTable = {
  // articles
  de: 'the', het: 'the', t: 'the', een: 'a', geen: 'no',
  // pronouns and possessives
  ik: 'i', mij: 'me', me: 'me', jij: 'you', je: 'you', jou: 'you', u: 'you', hij: 'he', zij: 'they', ze: 'they',
  haar: 'her', hem: 'him', wij: 'we', we: 'we', ons: 'us', onze: 'our', jullie: 'you', hun: 'their', hen: 'them',
  zich: '', mijn: 'my', jouw: 'your', uw: 'your', deze: 'this', dit: 'this', die: 'that', dat: 'that',
  iemand: 'someone', iets: 'something',
  // question words
  wie: 'who', wat: 'what', welke: 'which', welk: 'which', waar: 'where', wanneer: 'when', hoe: 'how',
  waarom: 'why',
  // conjunctions
  en: 'and', of: 'or', maar: 'but', want: 'because', omdat: 'because', als: 'if', toen: 'when', terwijl: 'while',
  dus: 'so', voordat: 'before', nadat: 'after',
  // prepositions
  in: 'in', op: 'on', aan: 'at', bij: 'at', met: 'with', van: 'of', voor: 'for', naar: 'to', uit: 'from',
  over: 'about', door: 'through', om: 'around', tot: 'until', sinds: 'since', zonder: 'without', na: 'after',
  tegen: 'against', onder: 'under', tussen: 'between', tijdens: 'during',
  // negation
  niet: 'not', nooit: 'never', niets: 'nothing', niks: 'nothing', niemand: 'nobody',
  // zijn, hebben, worden, zullen
  zijn: 'are', ben: 'am', bent: 'are', is: 'is', was: 'was', waren: 'were', geweest: 'been', heb: 'have',
  hebt: 'have', heeft: 'has', hebben: 'have', had: 'had', hadden: 'had', gehad: 'had', word: 'become',
  wordt: 'becomes', worden: 'become', werd: 'was', werden: 'were', zal: 'will', zult: 'will', zullen: 'will',
  zou: 'would', zouden: 'would',
  // modals
  kan: 'can', kunt: 'can', kunnen: 'can', kon: 'could', konden: 'could', moet: 'must', moeten: 'must',
  moest: 'had to', moesten: 'had to', wil: 'want', wilt: 'want', willen: 'want', wilde: 'wanted', wou: 'wanted',
  wilden: 'wanted', mag: 'may', mogen: 'may', mocht: 'could',
  // same, times
  zelfde: 'same', keer: 'times', maal: 'times',
  // two-word phrases
  'niet meer': 'no longer', 'nog niet': 'not yet', 'in plaats': 'instead',
  // frequent adverbs and answers
  ook: 'also', nog: 'still', al: 'already', alleen: 'only', heel: 'very', zeer: 'very', erg: 'very', nu: 'now',
  hier: 'here', daar: 'there', er: 'there', altijd: 'always', veel: 'much', meer: 'more', alle: 'all',
  alles: 'everything', elke: 'every', elk: 'every', ja: 'yes', nee: 'no', bedankt: 'thanks', alstublieft: 'please',
  alsjeblieft: 'please',
};
