// Turkish free-standing function words and pronouns → English equivalents (suffixes stay with the stemmer).
import type { FunctionWordTable } from './table.js';

export const TURKISH: FunctionWordTable = {
  // pronouns and possessive pronouns
  ben: 'i', beni: 'me', bana: 'me', sen: 'you', seni: 'you', sana: 'you', o: 'he', onu: 'him', ona: 'him',
  biz: 'we', bizi: 'us', bize: 'us', siz: 'you', sizi: 'you', size: 'you', onlar: 'they', onları: 'them',
  onlara: 'them', benim: 'my', senin: 'your', onun: 'his', bizim: 'our', sizin: 'your', onların: 'their',
  bu: 'this', şu: 'that', bunu: 'this', şunu: 'that', biri: 'someone', bir: 'a',
  // question words and particles
  ne: 'what', kim: 'who', nerede: 'where', nereye: 'where', nasıl: 'how', neden: 'why', niçin: 'why',
  hangi: 'which', mi: '', mı: '', mu: '', mü: '', ki: 'that',
  // conjunctions and postpositions
  ve: 'and', veya: 'or', ya: 'or', ama: 'but', fakat: 'but', çünkü: 'because', eğer: 'if', ile: 'with',
  için: 'for', gibi: 'like', kadar: 'until', sonra: 'after', önce: 'before', da: 'also', de: 'also',
  // negation and existence
  değil: 'not', yok: 'no', var: 'there is', hiç: 'never', hiçbir: 'no',
  // frequent adverbs and answers
  çok: 'very', daha: 'more', her: 'every', bütün: 'all', tüm: 'all', şimdi: 'now', burada: 'here',
  orada: 'there', evet: 'yes', hayır: 'no', lütfen: 'please', teşekkürler: 'thanks',
};
