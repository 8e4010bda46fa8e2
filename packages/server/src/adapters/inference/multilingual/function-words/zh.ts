// Chinese function characters and words → English equivalents (negation → "not"; aspect and structural particles dropped).
import type { FunctionWordTable } from './table.js';

export const CHINESE: FunctionWordTable = {
  // structural and aspect particles, sentence-final particles, classifiers
  的: 'of', 得: '', 了: '', 着: '', 吗: '', 呢: '', 吧: '', 啊: '', 把: '', 被: '', 个: '', 之: 'of',
  // negation
  不: 'not', 没: 'not', 没有: 'not', 未: 'not', 无: 'no', 无法: 'can not', 不能: 'can not', 不会: 'will not',
  不要: 'not', 不了: 'not', 不到: 'not', 还没: 'not yet', 还没有: 'not yet', 不再: 'no longer', 从不: 'never',
  从来: 'never', 不是: 'not', 别: 'not',
  // pronouns and demonstratives
  我: 'i', 我的: 'my', 你: 'you', 您: 'you', 你的: 'your', 他: 'he', 他的: 'his', 她: 'she', 她的: 'her',
  它: 'it', 我们: 'we', 我们的: 'our', 你们: 'you', 你们的: 'your', 他们: 'they', 她们: 'they',
  他们的: 'their', 自己: 'own', 这: 'this', 这个: 'this', 这些: 'these', 那: 'that', 那个: 'that',
  那些: 'those', 这里: 'here', 这儿: 'here', 那里: 'there', 那儿: 'there', 一个: 'a', 一些: 'some', 每: 'every',
  每个: 'every', 所有: 'all',
  // question words
  什么: 'what', 谁: 'who', 哪: 'which', 哪个: 'which', 哪里: 'where', 哪儿: 'where', 怎么: 'how',
  怎样: 'how', 怎么样: 'how', 为什么: 'why', 多少: 'how much', 几: 'how many',
  // conjunctions
  和: 'and', 跟: 'with', 与: 'and', 或: 'or', 或者: 'or', 还是: 'or', 但: 'but', 但是: 'but', 可是: 'but',
  而: 'and', 而且: 'and', 因为: 'because', 所以: 'so', 如果: 'if', 虽然: 'although', 然后: 'then', 就: 'then',
  // prepositions and localisers (到, 给, 用 are verbs as often as prepositions: arrive, give, use; left to the dictionary)
  在: 'at', 从: 'from', 对: 'to', 向: 'towards', 往: 'towards', 比: 'than', 让: 'let',
  为: 'for', 为了: 'for', 关于: 'about', 之前: 'before', 以前: 'before', 之后: 'after',
  以后: 'after', 后: 'after', 里: 'in', 上: 'on',
  // copula, auxiliaries and modals
  是: 'is', 有: 'have', 能: 'can', 可以: 'can', 会: 'will', 要: 'will', 想: 'want', 应该: 'should',
  必须: 'must',
  // same, times (次 counts occurrences: 两次 is twice)
  同: 'same', 同一: 'same', 一样: 'same', 次: 'times',
  // frequent adverbs and answers
  已经: 'already', 还: 'still', 也: 'also', 都: 'all', 很: 'very', 非常: 'very', 太: 'too', 更: 'more',
  最: 'most', 只: 'only', 又: 'again', 再: 'again', 请: 'please', 谢谢: 'thanks',
};
