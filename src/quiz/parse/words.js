// The words an answer may hold besides its value, as data. Each list is matched as a whole: a
// prefix at the start, an ending at the end, a word as the whole answer. Nothing here is ever
// skipped inside an answer, so adding a word widens exactly one place. The words that make an
// answer "not graded" (denials, hedges, comparisons…) are in ./rules.js with their examples.

/** Words before the answer: "정답: 3", "답은 2번", "제 답은 X". A ':' may follow each. */
export const PREFIXES = ['제 답은', '제 답', '내 답은', '내 답', '정답은', '정답이', '정답', '답은', '답이', '답', '확실히', '저는',
  'the answer is', 'answer is', 'my answer is', 'answer', 'ans'];

/** Verbs of choosing after a choice, with or without 을/를: "2번 선택", "2번을 골랐어요". Not 찍다 (a guess). */
export const CHOOSING = ['선택합니다', '선택했어요', '선택할게요', '선택', '골랐어요', '골랐습니다', '고를게요', '고릅니다', '고름'];

/** Words before a choice's number: "선택지 2", "보기 ③", "option b". */
export const CHOICE_PREFIXES = ['선택지', '보기', 'choice', 'option', 'no.', '#'];

/** Polite and plain sentence endings after the answer, with or without a space: "2번이요", "3개 입니다". */
export const ENDINGS = ['입니다', '이에요', '이예요', '예요', '에요', '이요', '요', '임', '이다',
  // typed the playful way: 입니당, 이에용, 맞아용
  '입니당', '이에용', '예용', '에용', '이용', '용'];

/**
 * Saying that the answer is right, after it, with or without the particle 이/가: "2번이 정답입니다",
 * "X가 맞아요", "3 맞음".
 */
export const AFFIRMATIONS = ['정답입니다', '정답이에요', '정답이다', '정답임', '정답', '답입니다', '답이에요', '답이다', '답임', '답',
  '맞습니다', '맞아요', '맞다', '맞음', '맞아',
  '확실합니다', '확실해요', '확실함', '확실'];
export const SUBJECT_PARTICLES = ['이', '가'];

/**
 * Words that take back the answer before them for the one after it: "2번 아니 1번", "1번 말고 2번",
 * "3번 아니고 2번", "2번이 아니라 1번". With nothing after them they deny ("2번 아님").
 */
export const CORRECTIONS = ['아니', '아니고', '아니라', '말고', '아냐', '아니야', '아니다', '아님', '정정'];

/** Korean ordinals for a choice: "두 번째", "첫째". Digits with 번째 are read as choice numbers. */
export const ORDINALS = [
  ['첫', 1], ['한', 1], ['두', 2], ['둘', 2], ['세', 3], ['셋', 3], ['네', 4], ['넷', 4], ['다섯', 5], ['여섯', 6],
  ['일곱', 7], ['여덟', 8], ['아홉', 9], ['열', 10],
];
export const ENGLISH_ORDINALS = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5 };

/** Spellings of one term that a choice may use either way: a choice "sin" is answered by "사인". */
export const TERM_ALIASES = [['사인', 'sin', 'sine'], ['코사인', 'cos', 'cosine']];
/**
 * Korean particles a choice's word may carry where the answer leaves them off: "관계" names the
 * choice "토큰 간 관계를 만드는 어텐션".
 */
export const PARTICLES = ['이', '가', '을', '를', '은', '는', '의', '에', '에서', '로', '으로', '와', '과', '도', '만', '까지', '부터', '처럼', '이고', '이며', '이다'];
/** Words that name no choice on their own: "only" is in "Only partly" but means nothing alone. */
export const FUNCTION_WORDS = ['a', 'an', 'the', 'of', 'and', 'or', 'to', 'in', 'on', 'at', 'by', 'for', 'with', 'from', 'as', 'is', 'are',
  'be', 'it', 'its', 'it\'s', 'this', 'that', 'these', 'those', 'only', 'all', 'every', 'each', 'same', 'does', 'do', 'not', 'no', 'one', 'two',
  'their', 'them', 'they', 'so', 'but', 'than', 'then', 'too', 'ever', 'always', 'never', 'nothing', 'when', 'which', 'what', 'where'];
/** How long a part of a choice must be to name it: Latin letters or Hangul syllables outside function words. */
export const MIN_PART = { latin: 4, hangul: 2 };
/** Signs read as the word they stand for when a choice is compared: 90° is 90도. */
export const SIGN_WORDS = [['°', '도']];

/** O (true, 1) and X (false, 0), as written by hand, by IME, in English and as symbols. */
export const TRUE_WORDS = ['o', '오', '○', '◯', '⭕', '〇', 'ㅇ', 'ㅇㅇ', '동그라미', '동그라미표', '1', '일', '참', '참이다', '맞다', '맞음', '맞아', '맞아요',
  '맞습니다', '맞는다', '맞', '맞는 말', '옳다', '옳음', '옳아요', '옳습니다', '그렇다', '그래요', '예', '네', '응', '넵',
  'yes', 'y', 'true', 't', 'correct', 'right'];
export const FALSE_WORDS = ['x', '엑스', '엑스표', '가위표', '×', '✕', '✖', '✗', '✘', '❌', '❎', '0', '영', '거짓', '거짓이다', '틀리다', '틀림', '틀려', '틀려요',
  '틀립니다', '틀렸다', '틀렸어요', '틀렸습니다', '틀린다', '틀', '틀린 말', '그르다', '맞지 않다', '맞지 않아요', '맞지 않음',
  '옳지 않다', '옳지 않아요', '그렇지 않다', '그렇지 않아요', '아니다', '아니에요', '아니예요', '아니야', '아냐', '아니오', '아니요',
  '아뇨', '아님', '아닙니다', 'ㄴ', 'ㄴㄴ', '노', 'no', 'n', 'false', 'f', 'wrong', 'incorrect'];
/**
 * Words that deny the O/X before them instead of being one: "X 아님" is not X. Alone they are X
 * (they are in FALSE_WORDS too).
 */
export const OX_DENIALS = ['아님', '아니다', '아니에요', '아니예요', '아닙니다', '아니야', '아냐', '틀림', '틀려', '틀려요', '틀렸다', '틀렸어요', 'not', "isn't", 'isnt'];
/**
 * Bracketed words that may repeat an O/X as a check: "O (1)", "X (거짓)". Not O and X themselves:
 * "2번 (X)" marks an answer wrong, so "X (X)" may too.
 */
export const OX_ECHOES = ['1', '0', '참', '거짓', 'true', 'false', 't', 'f'];

/**
 * Marks a learner puts after a right answer to say it is meant: "2번 ✅", "O👍". Read only at the
 * end, after an answer; alone they answer nothing.
 */
export const DECORATIONS = ['✅', '👍', '✔', '✓', '☑', '👌'];

/**
 * O/X words that may repeat the O/X beside them as a check, in either order: "O, 맞아요", "참 (O)",
 * "X - 거짓". None that denies: "X 아님" and "X 틀림" deny X.
 */
export const OX_AGREEING = ['o', 'ㅇ', '○', '⭕', '참', '맞아요', '맞음', '맞다', '맞는 말', '맞습니다', '옳다', '네', '예', 'true',
  'x', 'ㄴ', '×', '❌', '엑스', '거짓', 'false'];

/** Multiplication signs between numbers (x only between two numbers: "10 x 10"). */
export const TIMES = ['×', '*', '·', '⋅', '✕', 'x', 'X'];
export const SUPERSCRIPTS = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-', '⁺': '+' };
/** Words before a count that say it is the whole of it: "총 102,032개", "합계 5점". Not a guess. */
export const TOTAL_WORDS = ['총', '합계', '모두', 'total'];
/**
 * The word of rounding before a decimal: "약 0.403". Read only on a question that asks for a rounded
 * value (it states a tolerance) and only before a decimal written to that precision; anywhere else it
 * is a guess ("약 100").
 */
export const ROUNDING_WORDS = ['약'];
/** Korean fractions: "8분의 5" is 5/8, "1과 2분의 1" is 1 + 1/2. */
export const FRACTION_WORD = '분의';
export const MIXED_FRACTION_WORDS = ['과', '와'];
/** Functions a worked answer may use on a side of its equation: "cos(0) = 1", "ReLU(-3) + ReLU(2) = 2". */
export const FUNCTIONS = {
  sin: Math.sin, cos: Math.cos, tan: Math.tan, exp: Math.exp, ln: Math.log, log: Math.log, sqrt: Math.sqrt,
  relu: (x) => Math.max(0, x), abs: Math.abs,
};
/** A minus sign in words: "마이너스 2". */
export const MINUS_WORDS = ['마이너스'];
/** π as a number: "2π", "pi/2". */
export const PI_WORDS = ['π', 'pi'];

/**
 * The answer's alphabet beyond ASCII, Hangul and the question's own characters: the signs people
 * type in answers (multiplication, ±, π, °, arrows, quotes, O/X marks).
 */
export const ANSWER_SIGNS = '×÷·⋅±≈≤≥≠√π°→←↔…‘’“”「」『』〈〉《》【】、。○◯⭕〇✕✖✗✘❌❎△▲▽✓✔∞';
