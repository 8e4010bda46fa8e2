// Portuguese function words and inflected forms of frequent verbs → English equivalents (contracted prepositions included).
import type { FunctionWordTable } from './table.js';

export const PORTUGUESE: FunctionWordTable = {
  // articles and contracted prepositions
  o: 'the', a: 'the', os: 'the', as: 'the', um: 'a', uma: 'a', uns: 'some', umas: 'some', do: 'of the',
  da: 'of the', dos: 'of the', das: 'of the', no: 'in the', na: 'in the', nos: 'in the', nas: 'in the',
  ao: 'to the', aos: 'to the', à: 'to the', às: 'to the', pelo: 'by the', pela: 'by the', pelos: 'by the',
  pelas: 'by the', num: 'in a', numa: 'in a', de: 'of',
  // pronouns and possessives
  eu: 'i', me: 'me', mim: 'me', tu: 'you', você: 'you', vocês: 'you', te: 'you', ele: 'he', ela: 'she',
  nós: 'we', eles: 'they', elas: 'they', lhe: 'him', lhes: 'them', se: '', meu: 'my', minha: 'my', meus: 'my',
  minhas: 'my', teu: 'your', tua: 'your', teus: 'your', tuas: 'your', seu: 'his', sua: 'his', seus: 'his',
  suas: 'his', nosso: 'our', nossa: 'our', nossos: 'our', nossas: 'our', este: 'this', esta: 'this',
  estes: 'these', estas: 'these', isto: 'this', esse: 'that', essa: 'that', esses: 'those', essas: 'those',
  isso: 'that', aquele: 'that', aquela: 'that', aquilo: 'that', alguém: 'someone', algo: 'something',
  // question words and relatives
  que: 'that', quem: 'who', qual: 'which', quais: 'which', onde: 'where', quando: 'when', como: 'how',
  porque: 'because', porquê: 'why', quanto: 'how much', quanta: 'how much',
  // conjunctions
  e: 'and', ou: 'or', mas: 'but', porém: 'but', nem: 'nor', embora: 'although', pois: 'because',
  // prepositions
  em: 'in', para: 'for', por: 'by', com: 'with', sem: 'without', sobre: 'on', entre: 'between', desde: 'since',
  até: 'until', após: 'after', antes: 'before', depois: 'after', contra: 'against', durante: 'during',
  // negation
  não: 'not', nunca: 'never', nada: 'nothing', ninguém: 'nobody', nenhum: 'no', nenhuma: 'no',
  // ser, estar
  ser: 'be', sou: 'am', és: 'are', é: 'is', somos: 'are', são: 'are', era: 'was', eram: 'were', fui: 'was',
  foi: 'was', fomos: 'were', foram: 'were', sido: 'been', será: 'will', seria: 'would', estar: 'be',
  estou: 'am', está: 'is', estamos: 'are', estão: 'are', estava: 'was', estavam: 'were', esteve: 'was',
  // ter, haver
  ter: 'have', tenho: 'have', tens: 'have', tem: 'has', temos: 'have', têm: 'have', tinha: 'had',
  tinham: 'had', tive: 'had', teve: 'had', tido: 'had', há: 'there is', havia: 'there was', houve: 'there was',
  // modals, conseguir ("manage to", the usual "can") and ir
  posso: 'can', pode: 'can', podemos: 'can', podem: 'can', podia: 'could', pôde: 'could', poderia: 'could',
  quero: 'want', quer: 'want', queremos: 'want', querem: 'want', queria: 'wanted', devo: 'must', deve: 'must',
  devemos: 'must', devem: 'must', deveria: 'should', consigo: 'can', consegue: 'can', conseguimos: 'can',
  conseguem: 'can', vou: 'going', vai: 'going', vamos: 'going', vão: 'going',
  // same, times
  mesmo: 'same', mesma: 'same', mesmos: 'same', mesmas: 'same', vez: 'time', vezes: 'times',
  // two-word phrases
  'por favor': 'please', 'depois de': 'after', 'antes de': 'before', 'não mais': 'no longer', 'ainda não': 'not yet',
  'às vezes': 'sometimes', 'de novo': 'again', 'em vez': 'instead', 'perto de': 'near', 'dentro de': 'inside',
  // frequent adverbs and answers
  muito: 'very', muita: 'much', muitos: 'many', muitas: 'many', todo: 'all', toda: 'all', todos: 'all',
  todas: 'all', tudo: 'everything', cada: 'every', já: 'already', ainda: 'still', sempre: 'always', aqui: 'here',
  ali: 'there', lá: 'there', agora: 'now', mais: 'more', menos: 'less', também: 'also', sim: 'yes',
  obrigado: 'thanks', obrigada: 'thanks',
};
