// German function words and inflected forms of frequent verbs → English equivalents (FreeDict lists few of them as headwords).
import type { FunctionWordTable } from './table.js';

export const GERMAN: FunctionWordTable = {
  // articles
  der: 'the', die: 'the', das: 'the', den: 'the', dem: 'the', des: 'of the',
  ein: 'a', eine: 'a', einen: 'a', einem: 'a', einer: 'a', eines: 'a',
  kein: 'no', keine: 'no', keinen: 'no', keinem: 'no', keiner: 'no', keines: 'no',
  // pronouns and possessives
  ich: 'i', mich: 'me', mir: 'me', du: 'you', dich: 'you', dir: 'you', er: 'he', ihn: 'him', ihm: 'him',
  sie: 'they', es: 'it', wir: 'we', uns: 'us', ihr: 'her', ihnen: 'them', euch: 'you', man: 'one', sich: '',
  mein: 'my', meine: 'my', meinen: 'my', meinem: 'my', meiner: 'my', meines: 'my',
  dein: 'your', deine: 'your', deinen: 'your', deinem: 'your', deiner: 'your', deines: 'your',
  seine: 'his', seinen: 'his', seinem: 'his', seiner: 'his', seines: 'his',
  ihre: 'her', ihren: 'her', ihrem: 'her', ihrer: 'her', ihres: 'her',
  unser: 'our', unsere: 'our', unseren: 'our', unserem: 'our', unserer: 'our', unseres: 'our',
  euer: 'your', eure: 'your', euren: 'your', eurem: 'your', eurer: 'your',
  dieser: 'this', diese: 'this', dieses: 'this', diesem: 'this', diesen: 'this',
  jemand: 'someone', jemanden: 'someone', jemandem: 'someone', etwas: 'something',
  // question words
  wer: 'who', wen: 'whom', wem: 'whom', wessen: 'whose', was: 'what', wo: 'where', wohin: 'where', woher: 'where',
  wann: 'when', warum: 'why', wieso: 'why', weshalb: 'why', wie: 'how', welche: 'which', welcher: 'which',
  welches: 'which', welchen: 'which', welchem: 'which',
  // conjunctions
  und: 'and', oder: 'or', aber: 'but', sondern: 'but', denn: 'because', weil: 'because', dass: 'that', ob: 'whether',
  wenn: 'if', falls: 'if', als: 'as', obwohl: 'although', damit: 'so', sowie: 'and', bevor: 'before', nachdem: 'after',
  // prepositions and their contractions with the article
  in: 'in', im: 'in the', ins: 'into the', an: 'at', am: 'at the', ans: 'to the', auf: 'on', aus: 'from', bei: 'at',
  beim: 'at the', mit: 'with', nach: 'after', seit: 'since', von: 'from', vom: 'from the', zu: 'to', zum: 'to the',
  zur: 'to the', für: 'for', fürs: 'for the', gegen: 'against', ohne: 'without', um: 'around', durch: 'through',
  über: 'over', unter: 'under', vor: 'before', hinter: 'behind', neben: 'beside', zwischen: 'between', bis: 'until',
  während: 'during', wegen: 'because of', trotz: 'despite', statt: 'instead', anstatt: 'instead',
  // negation
  nicht: 'not', nie: 'never', niemals: 'never', nichts: 'nothing', niemand: 'nobody', nirgends: 'nowhere',
  // sein
  sein: 'be', bin: 'am', bist: 'are', ist: 'is', sind: 'are', seid: 'are', war: 'was', warst: 'were', waren: 'were',
  wart: 'were', gewesen: 'been', wäre: 'would be', wären: 'would be',
  // haben
  habe: 'have', hast: 'have', hat: 'has', haben: 'have', habt: 'have', hatte: 'had', hattest: 'had', hatten: 'had',
  hattet: 'had', gehabt: 'had', hätte: 'would have', hätten: 'would have',
  // werden
  werde: 'will', wirst: 'will', wird: 'will', werden: 'will', werdet: 'will', wurde: 'was', wurdest: 'were',
  wurden: 'were', worden: 'been', würde: 'would', würdest: 'would', würden: 'would', würdet: 'would',
  // modals
  kann: 'can', kannst: 'can', können: 'can', könnt: 'can', konnte: 'could', konntest: 'could', konnten: 'could',
  könnte: 'could', könnten: 'could', muss: 'must', musst: 'must', müssen: 'must', müsst: 'must', musste: 'had to',
  mussten: 'had to', soll: 'should', sollst: 'should', sollen: 'should', sollt: 'should', sollte: 'should',
  sollten: 'should', will: 'want', willst: 'want', wollen: 'want', wollt: 'want', wollte: 'wanted', wollten: 'wanted',
  darf: 'may', darfst: 'may', dürfen: 'may', dürft: 'may', durfte: 'could', durften: 'could', mag: 'like',
  magst: 'like', mögen: 'like', möchte: 'would like', möchtest: 'would like', möchten: 'would like',
  möchtet: 'would like', tue: 'do', tust: 'do', tut: 'does', tun: 'do', tat: 'did',
  // same, times
  selbe: 'same', selben: 'same',
  // two-word phrases
  'nicht mehr': 'no longer', 'noch nicht': 'not yet', 'gar nicht': 'not', 'immer noch': 'still',
  'zum beispiel': 'for example',
  // frequent adverbs and answers
  auch: 'also', noch: 'still', schon: 'already', bereits: 'already', nur: 'only', sehr: 'very', so: 'so',
  dann: 'then', jetzt: 'now', hier: 'here', dort: 'there', da: 'there', immer: 'always', oft: 'often', mehr: 'more',
  viel: 'much', viele: 'many', alle: 'all', alles: 'everything', jeder: 'every', jede: 'every', jedes: 'every',
  jeden: 'every', jedem: 'every', wieder: 'again', ja: 'yes', nein: 'no', bitte: 'please', danke: 'thanks',
};
