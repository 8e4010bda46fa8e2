// Russian function words, pronoun cases and inflected forms of frequent verbs → English equivalents.
import type { FunctionWordTable } from './table.js';

export const RUSSIAN: FunctionWordTable = {
  // personal pronouns in their cases
  я: 'i', меня: 'me', мне: 'me', мной: 'me', ты: 'you', тебя: 'you', тебе: 'you', тобой: 'you', он: 'he',
  его: 'his', него: 'him', ему: 'him', нему: 'him', ним: 'him', она: 'she', её: 'her', ее: 'her', неё: 'her',
  нее: 'her', ей: 'her', ней: 'her', оно: 'it', мы: 'we', нас: 'us', нам: 'us', нами: 'us', вы: 'you',
  вас: 'you', вам: 'you', вами: 'you', они: 'they', их: 'their', них: 'them', им: 'them', ими: 'them',
  ними: 'them', себя: 'oneself', себе: 'oneself', собой: 'oneself',
  // possessives (свой, the reflexive one, is my/your/his by the subject in English: dropped)
  мой: 'my', моя: 'my', моё: 'my', мое: 'my', мои: 'my', моего: 'my', моей: 'my', моему: 'my', моим: 'my',
  моих: 'my', мою: 'my', моём: 'my', моем: 'my', твой: 'your', твоя: 'your', твоё: 'your', твои: 'your',
  твоего: 'your', твоей: 'your', наш: 'our', наша: 'our', наше: 'our', наши: 'our', нашего: 'our',
  нашей: 'our', нашим: 'our', наших: 'our', нашу: 'our', ваш: 'your', ваша: 'your', ваше: 'your',
  ваши: 'your', вашего: 'your', вашей: 'your', вашим: 'your', ваших: 'your', вашу: 'your', свой: '',
  своя: '', своё: '', свое: '', свои: '', своего: '', своей: '', своим: '', своих: '',
  свою: '',
  // demonstratives, question words and relatives
  этот: 'this', эта: 'this', это: 'this', эти: 'these', этого: 'this', этой: 'this', этому: 'this',
  этим: 'this', этих: 'these', эту: 'this', тот: 'that', та: 'that', то: 'that', те: 'those', того: 'that',
  той: 'that', тех: 'those', который: 'which', которая: 'which', которое: 'which', которые: 'which',
  которого: 'which', которой: 'which', котором: 'which', которых: 'which', которую: 'which', кто: 'who',
  что: 'what', чего: 'what', чем: 'what', где: 'where', куда: 'where', откуда: 'where', когда: 'when',
  как: 'how', почему: 'why', зачем: 'why', сколько: 'how much', какой: 'what', какая: 'what',
  какое: 'what', какие: 'what', чтобы: 'so',
  // particles
  же: '', ведь: '', вот: '',
  // conjunctions
  и: 'and', а: 'and', или: 'or', но: 'but', потому: 'because', если: 'if', ли: 'whether', также: 'also',
  тоже: 'also',
  // prepositions
  в: 'in', во: 'in', на: 'on', с: 'with', со: 'with', к: 'to', ко: 'to', по: 'on', из: 'from', от: 'from',
  до: 'until', у: 'at', о: 'about', об: 'about', обо: 'about', за: 'for', для: 'for', без: 'without',
  под: 'under', над: 'above', при: 'at', через: 'through', после: 'after', перед: 'before', между: 'between',
  против: 'against', вместо: 'instead', 'из-за': 'because of',
  // negation
  не: 'not', нет: 'no', ни: 'nor', никогда: 'never', ничего: 'nothing', ничто: 'nothing', никто: 'nobody',
  никакой: 'no', нельзя: 'can not',
  // быть and modals
  быть: 'be', был: 'was', была: 'was', было: 'was', были: 'were', буду: 'will', будешь: 'will', будет: 'will',
  будем: 'will', будете: 'will', будут: 'will', бы: 'would', могу: 'can', можешь: 'can', может: 'can',
  можем: 'can', можете: 'can', могут: 'can', можно: 'can', мог: 'could', могла: 'could', могли: 'could',
  хочу: 'want', хочешь: 'want', хочет: 'want', хотим: 'want', хотите: 'want', хотят: 'want', хотел: 'wanted',
  хотела: 'wanted', хотели: 'wanted',
  // two-word phrases
  'больше не': 'no longer', 'ещё не': 'not yet', 'еще не': 'not yet', 'потому что': 'because',
  // frequent adverbs and answers
  очень: 'very', уже: 'already', ещё: 'still', еще: 'still', всегда: 'always', здесь: 'here', тут: 'here',
  там: 'there', сейчас: 'now', теперь: 'now', всё: 'everything', все: 'all', весь: 'all', вся: 'all',
  каждый: 'every', каждая: 'every', каждое: 'every', больше: 'more', да: 'yes', спасибо: 'thanks',
  пожалуйста: 'please', только: 'only',
};
