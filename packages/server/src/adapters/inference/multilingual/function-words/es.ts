// Spanish function words and inflected forms of frequent verbs → English equivalents.
import type { FunctionWordTable } from './table.js';

export const SPANISH: FunctionWordTable = {
  // articles and their contractions
  el: 'the', la: 'the', los: 'the', las: 'the', lo: 'the', un: 'a', una: 'a', unos: 'some', unas: 'some',
  del: 'of the', al: 'to the', de: 'of',
  // pronouns and possessives
  yo: 'i', me: 'me', mí: 'me', tú: 'you', te: 'you', ti: 'you', él: 'he', ella: 'she', usted: 'you',
  ustedes: 'you', nosotros: 'we', nosotras: 'we', nos: 'us', vosotros: 'you', os: 'you', ellos: 'they',
  ellas: 'they', les: 'them', le: 'him', se: '', mi: 'my', mis: 'my', tu: 'your', tus: 'your', su: 'his',
  sus: 'his', nuestro: 'our', nuestra: 'our', nuestros: 'our', nuestras: 'our', vuestro: 'your',
  vuestra: 'your', este: 'this', esta: 'this', estos: 'these', estas: 'these', esto: 'this', ese: 'that',
  esa: 'that', esos: 'those', esas: 'those', eso: 'that', aquel: 'that', aquella: 'that', alguien: 'someone',
  algo: 'something',
  // question words and relatives
  qué: 'what', que: 'that', quién: 'who', quien: 'who', cuál: 'which', cual: 'which', dónde: 'where',
  donde: 'where', cuándo: 'when', cuando: 'when', cómo: 'how', como: 'as', cuánto: 'how much', cuánta: 'how much',
  // conjunctions
  y: 'and', e: 'and', o: 'or', u: 'or', pero: 'but', sino: 'but', si: 'if', porque: 'because', aunque: 'although',
  pues: 'so', ni: 'nor',
  // prepositions
  a: 'to', en: 'in', con: 'with', sin: 'without', para: 'for', por: 'for', sobre: 'on', entre: 'between',
  desde: 'since', hasta: 'until', hacia: 'towards', contra: 'against', durante: 'during', antes: 'before',
  después: 'after', según: 'according',
  // negation
  no: 'not', nunca: 'never', jamás: 'never', nada: 'nothing', nadie: 'nobody', ningún: 'no', ninguno: 'no',
  ninguna: 'no', tampoco: 'neither',
  // ser, estar
  ser: 'be', soy: 'am', eres: 'are', es: 'is', somos: 'are', sois: 'are', son: 'are', era: 'was', eras: 'were',
  éramos: 'were', eran: 'were', fui: 'was', fue: 'was', fuimos: 'were', fueron: 'were', sido: 'been',
  será: 'will', serán: 'will', sería: 'would', estar: 'be', estoy: 'am', estás: 'are', está: 'is',
  estamos: 'are', están: 'are', estaba: 'was', estaban: 'were', estuve: 'was', estuvo: 'was',
  // haber, tener
  he: 'have', has: 'have', ha: 'has', hemos: 'have', han: 'have', había: 'had', habían: 'had', hay: 'there is',
  hubo: 'there was', habrá: 'will', tengo: 'have', tienes: 'have', tiene: 'has', tenemos: 'have',
  tienen: 'have', tenía: 'had', tenían: 'had', tuve: 'had', tuvo: 'had',
  // modals and ir
  puedo: 'can', puedes: 'can', puede: 'can', podemos: 'can', pueden: 'can', podía: 'could', pudo: 'could',
  podría: 'could', podrías: 'could', podrían: 'could', quiero: 'want', quieres: 'want', quiere: 'want',
  queremos: 'want', quieren: 'want', quería: 'wanted', quisiera: 'would like', debo: 'must', debes: 'must',
  debe: 'must', debemos: 'must', deben: 'must', debería: 'should', deberías: 'should', voy: 'going',
  vas: 'going', va: 'going', vamos: 'going', van: 'going',
  // same, times
  mismo: 'same', misma: 'same', mismos: 'same', mismas: 'same', vez: 'time', veces: 'times',
  // two-word phrases
  'por favor': 'please', 'después de': 'after', 'antes de': 'before', 'ya no': 'no longer', 'todavía no': 'not yet',
  'aún no': 'not yet', 'a veces': 'sometimes', 'otra vez': 'again', 'de nuevo': 'again', 'sin embargo': 'however',
  'en lugar': 'instead', 'cerca de': 'near', 'dentro de': 'inside', 'debido a': 'because of',
  // frequent adverbs and answers
  muy: 'very', también: 'also', todavía: 'still', aún: 'still', ya: 'already', siempre: 'always', aquí: 'here',
  allí: 'there', ahí: 'there', ahora: 'now', mucho: 'much', mucha: 'much', muchos: 'many', muchas: 'many',
  todo: 'all', toda: 'all', todos: 'all', todas: 'all', cada: 'every', otro: 'other', otra: 'other',
  otros: 'other', otras: 'other', más: 'more', menos: 'less', sí: 'yes', gracias: 'thanks',
};
