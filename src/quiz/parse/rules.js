// The answer readers' rules as a table: what a learner may write, in the order the readers apply the
// rules, each with examples and what they read as. docs/quiz.md shows the same table; the tests run
// every example through the readers, so the table cannot drift from the code.
//
// Columns: id, applies ('number' | 'choice' | 'ox' | 'all'), rule (English), ko (the rule in Korean),
// examples: [input, reads as] with "reads as" a value, null (unreadable: "try again"), or a problem:
// 'negated' (the answer denies itself), 'several' (more than one answer), 'unequal' (an equation whose
// sides differ). Choice examples are read against the choices ['코사인만', '사인', '항등'] /
// ['Cosine only', 'Sine', 'Identity'].
export const ANSWER_RULES = [
  { id: 'normalize', applies: 'all', rule: 'Full-width, circled and dingbat digits, other minus signs and spaces are normalised first.',
    ko: '전각 숫자, 동그라미 숫자, 여러 빼기 기호, 여러 공백을 먼저 보통 글자로 바꿉니다.',
    examples: [['３', 3, 'number'], ['－７', -7, 'number'], ['②', 2, 'choice'], ['❷', 2, 'choice']] },
  { id: 'length', applies: 'all', rule: 'An answer longer than 1,000 characters is not read (a number, a choice, an O/X or a term is short).',
    ko: '1,000자가 넘는 답은 읽지 않습니다(숫자·선택지·O/X·용어 답은 짧으니까요).',
    examples: [['1'.repeat(1001), null, 'number'], ['('.repeat(5000), null, 'choice'], ['O'.repeat(2000), null, 'ox']] },
  { id: 'leading', applies: 'all', rule: 'Words before the answer are dropped: 정답, 답은, 약, 대략, answer, ≈.',
    ko: '답 앞의 말(정답:, 답은, 약, 대략, ≈)은 떼어 냅니다.',
    examples: [['정답: 5', 5, 'number'], ['답은 3', 3, 'number'], ['약 0.85', 0.85, 'number'], ['정답은 2번', 2, 'choice'], ['정답: X', 0, 'ox']] },
  { id: 'endings', applies: 'all', rule: 'Sentence endings after the answer are dropped: 이요, 요, 입니다, 이에요, 예요, 임.',
    ko: '답 뒤의 어미(이요, 요, 입니다, 이에요, 예요, 임)는 떼어 냅니다.',
    examples: [['2번이요', 2, 'choice'], ['2요', 2, 'choice'], ['3개요', 3, 'number'], ['100입니다', 100, 'number'], ['5점이에요', 5, 'number']] },
  { id: 'brackets', applies: 'all', rule: 'One pair of brackets around the whole answer is dropped.',
    ko: '답 전체를 감싼 괄호 한 쌍은 떼어 냅니다.',
    examples: [['(2번)', 2, 'choice'], ['(100)', 100, 'number'], ['[O]', 1, 'ox']] },
  { id: 'negation', applies: 'number, choice', rule: '"A 아니고 B", "A가 아니라 B", "A 말고 B" read as B; a negation with nothing after it is not an answer.',
    ko: '“A 아니고 B”, “A가 아니라 B”, “A 말고 B”는 B로 읽고, 뒤에 답이 없는 부정(“1 아님”)은 답으로 치지 않습니다.',
    examples: [['2번 아니고 3번', 3, 'choice'], ['1이 아니라 2', 2, 'choice'], ['1 아님', 'negated', 'choice'], ['100 아님', 'negated', 'number'],
      ['not 1', 'negated', 'choice'], ['2번이 아니에요', 'negated', 'choice']] },
  { id: 'tolerance', applies: 'number', rule: 'A tolerance as the quiz shows it is ignored: "0.851 (±0.001)".',
    ko: '퀴즈가 보여 주는 허용 오차 “(±0.001)”는 답에서 뺍니다.',
    examples: [['0.851 (±0.001)', 0.851, 'number'], ['1.581 rad (±0.001)', 1.581, 'number'], ['0.85±0.01', 0.85, 'number']] },
  { id: 'separators', applies: 'number', rule: 'Thousands separators , . space \' _ and decimal commas where they cannot be thousands.',
    ko: '천 단위 구분(쉼표, 점, 공백, 작은따옴표, 밑줄)과, 천 단위일 수 없는 소수점 쉼표(0,5)를 읽습니다.',
    examples: [['4,722,432', 4722432, 'number'], ['4 722 432', 4722432, 'number'], ['4.722.432', 4722432, 'number'], ['0,5', 0.5, 'number'], ['1.234,5', 1234.5, 'number']] },
  { id: 'units', applies: 'number', rule: 'A unit or counter after the number, with or without a space: 100개, 3 개, 512차원, 1.581 rad.',
    ko: '숫자 뒤의 단위나 세는 말(100개, 3 개, 512차원, 1.581 rad)은 붙여 쓰든 띄어 쓰든 읽습니다.',
    examples: [['100개', 100, 'number'], ['3 개', 3, 'number'], ['512차원', 512, 'number'], ['2 rad', 2, 'number']] },
  { id: 'korean-numerals', applies: 'number', rule: 'Korean number words, native and Sino-Korean, and digits with 만/억/천: 셋, 세 개, 다섯, 백, 사백칠십이만 이천사백삼십이, 472만 2432.',
    ko: '고유어·한자어 수(셋, 세 개, 다섯, 백, 사백칠십이만 이천사백삼십이)와 숫자에 만·억·천을 붙인 수(472만 2432)를 읽습니다.',
    examples: [['셋', 3, 'number'], ['세 개', 3, 'number'], ['다섯', 5, 'number'], ['백', 100, 'number'], ['백 개', 100, 'number'],
      ['사백칠십이만 이천사백삼십이', 4722432, 'number'], ['472만 2432', 4722432, 'number'], ['스물다섯', 25, 'number'], ['삼천칠십이', 3072, 'number']] },
  { id: 'expressions', applies: 'number', rule: 'Arithmetic: + − × x * · / and powers 10^2, 10², 1.5·10⁻³, scientific notation 1e-3.',
    ko: '사칙연산(+ − × x * · /), 거듭제곱(10^2, 10²), 과학적 표기(1e-3, 1.5×10^3)를 계산합니다.',
    examples: [['10^2', 100, 'number'], ['10²', 100, 'number'], ['1e2', 100, 'number'], ['1.5×10^3', 1500, 'number'], ['1+1+0+1+0', 3, 'number'], ['4 × 768', 3072, 'number']] },
  { id: 'equations', applies: 'number', rule: 'An equation is read either way round, and every side must have the same value.',
    ko: '등식은 어느 쪽으로 써도 읽고, 모든 변의 값이 같아야 합니다.',
    examples: [['10×10=100', 100, 'number'], ['100 = 10×10', 100, 'number'], ['2+1+2=5', 5, 'number'], ['x = 5', 5, 'number'], ['20 = 100', 'unequal', 'number']] },
  { id: 'several', applies: 'number, choice, ox', rule: 'More than one answer is not an answer: "1 2 3", "2, 3", "2번 3번", "O X".',
    ko: '답을 여러 개 적으면(1 2 3, 2, 3, 2번 3번, O X) 답으로 치지 않습니다.',
    examples: [['1 2 3', 'several', 'number'], ['3, 4', 'several', 'number'], ['2, 3', 'several', 'choice'], ['2번 3번', 'several', 'choice'], ['1과 2', 'several', 'choice'], ['O X', 'several', 'ox']] },
  { id: 'choice-number', applies: 'choice', rule: 'A choice by its number: 2, 2번, (2), 2), 2., ②, 선택지 2.',
    ko: '선택지는 번호로 고를 수 있습니다: 2, 2번, (2), 2), 2., ②, 선택지 2.',
    examples: [['2', 2, 'choice'], ['2번', 2, 'choice'], ['2 번', 2, 'choice'], ['(2)', 2, 'choice'], ['2)', 2, 'choice'], ['선택지 2', 2, 'choice'], ['4', null, 'choice']] },
  { id: 'ordinals', applies: 'choice', rule: 'Ordinals: 첫 번째, 두 번째, 둘째, 2번째, second.',
    ko: '서수로도 고를 수 있습니다: 첫 번째, 두 번째, 둘째, 2번째, second.',
    examples: [['두 번째', 2, 'choice'], ['첫 번째', 1, 'choice'], ['첫번째', 1, 'choice'], ['둘째', 2, 'choice'], ['세 번째', 3, 'choice'], ['2번째', 2, 'choice'], ['second', 2, 'choice']] },
  { id: 'choice-letter-text', applies: 'choice', rule: 'A letter (b), or the choice\'s text in any language, whole or a part only one choice has.',
    ko: '알파벳(b)이나 선택지 문구(어느 언어든, 전체 또는 한 선택지에만 있는 일부)로도 고를 수 있습니다.',
    examples: [['b', 2, 'choice'], ['사인', 2, 'choice'], ['Sine', 2, 'choice'], ['② 사인', 2, 'choice'], ['항등', 3, 'choice'], ['탄젠트', null, 'choice']] },
  { id: 'ox-words', applies: 'ox', rule: 'O/X as symbols, 1/0, and words: 참, 맞다, 맞아요, 네 / 거짓, 틀렸다, 틀려요, 아니에요, 아니다, true/false.',
    ko: 'O/X는 기호, 1/0, 낱말(참, 맞다, 맞아요, 네 / 거짓, 틀렸다, 틀려요, 아니에요, 아니다, true/false)로 읽습니다.',
    examples: [['O', 1, 'ox'], ['○', 1, 'ox'], ['맞아요', 1, 'ox'], ['참', 1, 'ox'], ['X', 0, 'ox'], ['틀렸다', 0, 'ox'], ['틀려요', 0, 'ox'],
      ['아니에요', 0, 'ox'], ['아니다', 0, 'ox'], ['거짓', 0, 'ox'], ['O (1)', 1, 'ox'], ['X (0)', 0, 'ox'], ['O (0)', 'several', 'ox'], ['모름', null, 'ox']] },
];

/** How an example is written in docs/quiz.md (long hostile inputs by their length). */
export const exampleText = (input) => (input.length > 40 ? `${input.slice(0, 1)}… (${input.length} characters)` : input);
