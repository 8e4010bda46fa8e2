// Swedish function words and inflected forms of frequent verbs → English equivalents.
import type { FunctionWordTable } from './table.js';

export const SWEDISH: FunctionWordTable = {
  // articles, pronouns and possessives
  en: 'a', ett: 'a', den: 'the', det: 'it', de: 'they', dem: 'them', jag: 'i', mig: 'me', du: 'you', dig: 'you',
  han: 'he', honom: 'him', hon: 'she', henne: 'her', vi: 'we', oss: 'us', ni: 'you', sig: '', min: 'my',
  mitt: 'my', mina: 'my', din: 'your', ditt: 'your', dina: 'your', hans: 'his', hennes: 'her', vår: 'our',
  vårt: 'our', våra: 'our', er: 'your', ert: 'your', era: 'your', deras: 'their', sin: '', sitt: '',
  sina: '', denna: 'this', detta: 'this', dessa: 'these', någon: 'someone', något: 'something',
  // question words
  vem: 'who', vad: 'what', vilken: 'which', vilket: 'which', vilka: 'which', vart: 'where', när: 'when',
  hur: 'how', varför: 'why',
  // conjunctions
  och: 'and', eller: 'or', men: 'but', att: 'to', som: 'that', om: 'if', eftersom: 'because', så: 'so',
  // prepositions
  i: 'in', på: 'on', till: 'to', från: 'from', med: 'with', av: 'of', för: 'for', utan: 'without',
  efter: 'after', före: 'before', under: 'under', över: 'over', mellan: 'between', hos: 'at', genom: 'through',
  mot: 'against', sedan: 'since',
  // negation
  inte: 'not', aldrig: 'never', ingen: 'no', inget: 'no', inga: 'no', ingenting: 'nothing',
  // auxiliaries and modals
  vara: 'be', är: 'is', var: 'was', varit: 'been', ha: 'have', har: 'has', hade: 'had', haft: 'had', kan: 'can',
  kunde: 'could', kunna: 'can', ska: 'will', skall: 'will', skulle: 'would', vill: 'want', ville: 'wanted',
  måste: 'must', får: 'may', blir: 'becomes', blev: 'became',
  // two-word phrases
  'inte längre': 'no longer', 'inte än': 'not yet',
  // frequent adverbs and answers
  mycket: 'very', också: 'also', redan: 'already', fortfarande: 'still', alltid: 'always', här: 'here',
  där: 'there', nu: 'now', alla: 'all', allt: 'everything', varje: 'every', mer: 'more', ja: 'yes', nej: 'no',
  tack: 'thanks',
};
