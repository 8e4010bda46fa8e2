// French function words and inflected forms of frequent verbs → English equivalents (elided forms such as l', j', n' included).
import type { FunctionWordTable } from './table.js';

export const FRENCH: FunctionWordTable = {
  // articles and their contractions with de / à
  le: 'the', la: 'the', les: 'the', l: 'the', un: 'a', une: 'a', des: 'some', du: 'of the', au: 'to the',
  aux: 'to the', de: 'of', d: 'of',
  // pronouns and possessives
  je: 'i', j: 'i', me: 'me', m: 'me', moi: 'me', tu: 'you', te: 'you', t: 'you', toi: 'you', il: 'he', elle: 'she',
  on: 'we', nous: 'we', vous: 'you', ils: 'they', elles: 'they', lui: 'him', leur: 'their', leurs: 'their', se: '',
  s: '', y: 'there', en: 'in', mon: 'my', ma: 'my', mes: 'my', ton: 'your', ta: 'your', tes: 'your', son: 'his',
  sa: 'his', ses: 'his', notre: 'our', nos: 'our', votre: 'your', vos: 'your', ce: 'this', cet: 'this',
  cette: 'this', ces: 'these', ceci: 'this', cela: 'that', ça: 'that', quelqu: 'some', quelque: 'some',
  // question words and relatives
  qui: 'who', que: 'that', qu: 'that', quoi: 'what', quel: 'which', quelle: 'which', quels: 'which',
  quelles: 'which', où: 'where', quand: 'when', comment: 'how', pourquoi: 'why', combien: 'how much',
  // conjunctions
  et: 'and', ou: 'or', mais: 'but', donc: 'so', car: 'because', parce: 'because', si: 'if', comme: 'as',
  lorsque: 'when', puisque: 'since',
  // prepositions
  à: 'to', dans: 'in', sur: 'on', sous: 'under', avec: 'with', sans: 'without', pour: 'for', par: 'by', chez: 'at',
  vers: 'towards', depuis: 'since', pendant: 'during', avant: 'before', après: 'after', entre: 'between',
  contre: 'against', jusqu: 'until', jusque: 'until', malgré: 'despite',
  // negation
  ne: 'not', n: 'not', pas: 'not', jamais: 'never', rien: 'nothing', aucun: 'no', aucune: 'no', non: 'no',
  // être
  être: 'be', suis: 'am', es: 'are', est: 'is', sommes: 'are', êtes: 'are', sont: 'are', étais: 'was', était: 'was',
  étions: 'were', étiez: 'were', étaient: 'were', été: 'been', serai: 'will', sera: 'will', serons: 'will',
  serez: 'will', seront: 'will', serais: 'would', serait: 'would', seraient: 'would',
  // avoir
  avoir: 'have', ai: 'have', as: 'have', a: 'has', avons: 'have', avez: 'have', ont: 'have', avais: 'had',
  avait: 'had', avions: 'had', aviez: 'had', avaient: 'had', eu: 'had', aurai: 'will', aura: 'will',
  auront: 'will', aurais: 'would', aurait: 'would',
  // modals and aller
  peux: 'can', peut: 'can', pouvons: 'can', pouvez: 'can', peuvent: 'can', pouvoir: 'can', pouvais: 'could',
  pouvait: 'could', pourrais: 'could', pourrait: 'could', pourriez: 'could', pourraient: 'could', pu: 'could',
  veux: 'want', veut: 'want', voulons: 'want', voulez: 'want', veulent: 'want', voulais: 'wanted',
  voulait: 'wanted', voudrais: 'would like', voudrait: 'would like', voudrions: 'would like',
  voudriez: 'would like', dois: 'must', doit: 'must', devons: 'must', devez: 'must', doivent: 'must',
  devrais: 'should', devrait: 'should', devriez: 'should', vais: 'going', vas: 'going', va: 'going',
  allons: 'going', allez: 'going', vont: 'going',
  // same, times
  même: 'same', mêmes: 'same', fois: 'times',
  // two-word phrases
  'parce que': 'because', 'vous plaît': 'please', 'te plaît': 'please', 'à nouveau': 'again', 'de nouveau': 'again',
  'au lieu': 'instead', 'à côté': 'beside',
  // frequent adverbs and answers
  très: 'very', aussi: 'also', encore: 'still', déjà: 'already', toujours: 'always', souvent: 'often', ici: 'here',
  là: 'there', maintenant: 'now', beaucoup: 'much', tout: 'all', tous: 'all', toute: 'all', toutes: 'all',
  chaque: 'every', plus: 'more', moins: 'less', oui: 'yes', merci: 'thanks',
};
