// The words the answer readers know, as data. Every list is matched as a whole word or a whole
// prefix/suffix (never inside another word), so adding a word here changes no other rule.

/** Words before the answer that carry nothing: "정답: 3", "답은 2번", "약 0.85", "≈ 0.85". */
export const LEADING_WORDS = ['정답은', '정답이', '정답', '답은', '답이', '답', 'answer', 'ans', '약', '대략', '대충', 'about', 'approx.', 'approx', '≈', '~'];

/** Polite and plain sentence endings after the answer: "2번이요", "2요", "3개요", "100입니다". */
export const ENDINGS = ['입니다', '이에요', '이예요', '예요', '에요', '이요', '요', '임', '이다', '인 것 같아요', '인듯', '일걸요'];

/** Words that negate what stands before them: "1 아님", "2번 아니고 3번", "not 1". */
export const NEGATIONS = ['아닙니다', '아니에요', '아니예요', '아니다', '아니야', '아냐', '아님', '아니요', '아니오', '아니고', '아니라', '말고', 'not', "isn't", 'isnt'];
/** Of those, the ones that lead on to the real answer: "A 아니고 B" reads as B. */
export const NEGATION_CONNECTIVES = ['아니고', '아니라', '말고'];

/** Korean ordinals for a choice: "두 번째", "첫째". Digits with 번째 are read by the number rule. */
export const ORDINALS = [
  ['첫', 1], ['한', 1], ['두', 2], ['둘', 2], ['세', 3], ['셋', 3], ['네', 4], ['넷', 4], ['다섯', 5], ['여섯', 6],
  ['일곱', 7], ['여덟', 8], ['아홉', 9], ['열', 10],
];
export const ENGLISH_ORDINALS = { first: 1, '1st': 1, second: 2, '2nd': 2, third: 3, '3rd': 3, fourth: 4, '4th': 4, fifth: 5, '5th': 5 };

/** Words before a choice number: "선택지 2", "보기 ③", "option b". */
export const CHOICE_WORDS = ['선택지', '보기', '정답', '답', 'choice', 'option', 'answer', 'no.', 'no', '#'];

/** O (true, 1) and X (false, 0), as written by hand, by IME, in English and as symbols. */
export const TRUE_WORDS = ['o', '○', '◯', '⭕', '〇', 'ㅇ', 'ㅇㅇ', '1', '참', '참이다', '참이에요', '참입니다', '맞다', '맞음', '맞아',
  '맞아요', '맞습니다', '맞는다', '맞는다고', '맞', '옳다', '옳음', '옳아요', '옳습니다', '그렇다', '그래요', '예', '네', '응', '넵',
  'yes', 'y', 'true', 't', 'correct', 'right'];
export const FALSE_WORDS = ['x', '×', '✕', '✖', '✗', '✘', '❌', '❎', '0', '거짓', '거짓이다', '거짓이에요', '거짓입니다', '틀리다', '틀림',
  '틀려', '틀려요', '틀립니다', '틀렸다', '틀렸어요', '틀렸습니다', '틀린다', '틀', '그르다', '아니다', '아니에요', '아니예요', '아니야',
  '아냐', '아니오', '아니요', '아님', '아닙니다', 'ㄴㄴ', 'no', 'n', 'false', 'f', 'wrong', 'incorrect'];

/** Multiplication signs between numbers (x only between two numbers: "10 x 10"). */
export const TIMES = ['×', '*', '·', '⋅', '✕', 'x', 'X'];
export const SUPERSCRIPTS = { '⁰': '0', '¹': '1', '²': '2', '³': '3', '⁴': '4', '⁵': '5', '⁶': '6', '⁷': '7', '⁸': '8', '⁹': '9', '⁻': '-', '⁺': '+' };
