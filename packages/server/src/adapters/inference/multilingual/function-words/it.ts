// Italian function words and inflected forms of frequent verbs → English equivalents (articulated prepositions included).
import type { FunctionWordTable } from './table.js';

export const ITALIAN: FunctionWordTable = {
  // articles and articulated prepositions
  il: 'the', lo: 'the', la: 'the', i: 'the', gli: 'the', le: 'the', l: 'the', un: 'a', uno: 'a', una: 'a',
  del: 'of the', dello: 'of the', della: 'of the', dei: 'of the', degli: 'of the', delle: 'of the', dell: 'of the',
  al: 'to the', allo: 'to the', alla: 'to the', ai: 'to the', agli: 'to the', alle: 'to the', all: 'to the',
  nel: 'in the', nello: 'in the', nella: 'in the', nei: 'in the', negli: 'in the', nelle: 'in the', nell: 'in the',
  sul: 'on the', sullo: 'on the', sulla: 'on the', sui: 'on the', sugli: 'on the', sulle: 'on the', sull: 'on the',
  dal: 'from the', dallo: 'from the', dalla: 'from the', dai: 'from the', dagli: 'from the', dalle: 'from the',
  dall: 'from the',
  // pronouns and possessives
  io: 'i', mi: 'me', me: 'me', tu: 'you', ti: 'you', te: 'you', lui: 'he', lei: 'she', egli: 'he', noi: 'we',
  ci: 'us', voi: 'you', vi: 'you', loro: 'they', si: '', ne: '', mio: 'my', mia: 'my', miei: 'my', mie: 'my',
  tuo: 'your', tua: 'your', tuoi: 'your', tue: 'your', suo: 'his', sua: 'his', suoi: 'his', sue: 'his',
  nostro: 'our', nostra: 'our', nostri: 'our', nostre: 'our', vostro: 'your', vostra: 'your', vostri: 'your',
  vostre: 'your', questo: 'this', questa: 'this', questi: 'these', queste: 'these', quello: 'that',
  quella: 'that', quelli: 'those', quelle: 'those', quel: 'that', qualcuno: 'someone', qualcosa: 'something',
  // question words and relatives
  che: 'that', chi: 'who', cosa: 'what', quale: 'which', quali: 'which', dove: 'where', quando: 'when',
  come: 'how', perché: 'why', quanto: 'how much', quanta: 'how much', quanti: 'how many', quante: 'how many',
  // conjunctions
  e: 'and', ed: 'and', o: 'or', oppure: 'or', ma: 'but', però: 'but', se: 'if', quindi: 'so', poiché: 'because',
  // prepositions
  di: 'of', d: 'of', a: 'to', ad: 'to', da: 'from', in: 'in', con: 'with', su: 'on', per: 'for', tra: 'between',
  fra: 'between', senza: 'without', dopo: 'after', prima: 'before', durante: 'during', verso: 'towards',
  contro: 'against',
  // negation
  non: 'not', mai: 'never', niente: 'nothing', nulla: 'nothing', nessuno: 'nobody', nessuna: 'no', né: 'nor',
  // essere, avere
  essere: 'be', sono: 'am', sei: 'are', è: 'is', siamo: 'are', siete: 'are', era: 'was', ero: 'was',
  erano: 'were', fu: 'was', stato: 'been', stata: 'been', stati: 'been', sarà: 'will', saranno: 'will',
  sarebbe: 'would', avere: 'have', ho: 'have', hai: 'have', ha: 'has', abbiamo: 'have', avete: 'have',
  hanno: 'have', avevo: 'had', aveva: 'had', avevano: 'had', avuto: 'had',
  // modals and riuscire ("manage to", the usual "can")
  posso: 'can', puoi: 'can', può: 'can', possiamo: 'can', potete: 'can', possono: 'can', potevo: 'could',
  poteva: 'could', potrei: 'could', potrebbe: 'could', voglio: 'want', vuoi: 'want', vuole: 'want',
  vogliamo: 'want', volete: 'want', vogliono: 'want', volevo: 'wanted', vorrei: 'would like',
  vorrebbe: 'would like', devo: 'must', devi: 'must', deve: 'must', dobbiamo: 'must', dovete: 'must',
  devono: 'must', dovrei: 'should', dovrebbe: 'should', riesco: 'can', riesci: 'can', riesce: 'can',
  riusciamo: 'can', riescono: 'can',
  // same, times
  stesso: 'same', stessa: 'same', stessi: 'same', stesse: 'same', volta: 'time', volte: 'times',
  // two-word phrases
  'per favore': 'please', 'per piacere': 'please', 'non più': 'no longer', 'non ancora': 'not yet',
  'di nuovo': 'again', 'invece di': 'instead of', 'prima di': 'before', 'a volte': 'sometimes', 'fino a': 'until',
  'vicino a': 'near',
  // frequent adverbs and answers
  molto: 'very', molta: 'much', molti: 'many', molte: 'many', tutto: 'all', tutta: 'all', tutti: 'all',
  tutte: 'all', ogni: 'every', già: 'already', ancora: 'still', sempre: 'always', qui: 'here', qua: 'here',
  lì: 'there', là: 'there', ora: 'now', adesso: 'now', più: 'more', meno: 'less', anche: 'also', sì: 'yes',
  grazie: 'thanks',
};
