// Japanese particles, auxiliary endings, pronouns and question words → English equivalents (negative endings → "not").
import type { FunctionWordTable } from './table.js';

export const JAPANESE: FunctionWordTable = {
  // case and topic particles
  は: '', が: '', を: '', に: 'to', へ: 'to', で: 'at', と: 'and', の: 'of', も: 'also', から: 'from', まで: 'until',
  より: 'than', や: 'and', か: '', ね: '', よ: '', など: '', だけ: 'only', しか: 'only', には: 'to', では: 'at',
  とは: '', への: 'to', での: 'at', からの: 'from', との: 'with',
  // conjunctive particles
  ので: 'because', けど: 'but', けれど: 'but', けれども: 'but', でも: 'but', しかし: 'but', そして: 'and',
  だから: 'so', ながら: 'while', たら: 'if', なら: 'if', ば: 'if', れば: 'if', ため: 'for', ために: 'for',
  // relational nouns with a particle, used as conjunctions and postpositions
  前に: 'before', 後に: 'after', 後で: 'after', 間に: 'while', 代わりに: 'instead', 以外: 'except', たびに: 'whenever',
  // copula and polite endings (tense is carried by the verb in English, not by a word)
  です: 'is', でした: 'was', だ: 'is', だった: 'was', でしょう: 'will', だろう: 'will', ます: '', ました: '',
  ましょう: "let's", て: '', た: '', てい: '', ている: '', ています: '', ていました: '', いる: '', います: '',
  いました: '', ある: '', あります: '', ありました: '', する: '', します: '', しました: '', した: '', して: '',
  し: '', され: '', される: '', されます: '', されました: '', れる: '', られる: '', なる: 'become',
  なり: 'become', なります: 'become', なりました: 'became',
  // する and its endings after a noun (キャンセル|した|い): the noun carries the meaning
  したい: 'want', したいです: 'want', しない: 'not', しなかった: 'not', しなく: 'not', できれば: 'if can',
  // negative endings
  ない: 'not', なかった: 'not', なく: 'not', なくて: 'not', ないで: 'without', ず: 'not', ずに: 'without',
  ぬ: 'not', ません: 'not', ませんでした: 'not', せん: 'not', ありません: 'not', しません: 'not',
  ではない: 'not', じゃない: 'not', ではありません: 'not',
  // potential, desire, request
  できる: 'can', でき: 'can', できます: 'can', できない: 'can not', できません: 'can not', たい: 'want',
  たいです: 'want', たかった: 'wanted', たく: 'want', ほしい: 'want', ください: 'please', てください: 'please',
  // asking and giving favours (配達して|もらえますか: can you deliver)
  もらう: '', もらえる: 'can', もらえます: 'can', もらえますか: 'can', もらいたい: 'want', いただけます: 'can',
  いただけますか: 'can', くれ: '', くれる: '', くれます: '', くれました: '',
  // pronouns and demonstratives
  私: 'i', わたし: 'i', 僕: 'i', 私たち: 'we', あなた: 'you', 彼: 'he', 彼女: 'she', 彼ら: 'they', これ: 'this',
  それ: 'it', あれ: 'that', この: 'this', その: 'the', あの: 'that', ここ: 'here', そこ: 'there',
  // question words
  どこ: 'where', いつ: 'when', なぜ: 'why', どうして: 'why', どう: 'how', 何: 'what', なに: 'what', なん: 'what',
  誰: 'who', だれ: 'who', どれ: 'which', どの: 'which', いくら: 'how much',
  // frequent adverbs and answers
  まだ: 'yet', もう: 'already', とても: 'very', いつも: 'always', また: 'again', もし: 'if', すべて: 'all',
  はい: 'yes', いいえ: 'no', ありがとう: 'thanks',
};
