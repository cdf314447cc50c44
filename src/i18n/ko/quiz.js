// Korean strings of the quiz module (src/quiz): grading messages and the templates of generated
// questions. {name} marks a value filled in by the code.
import kinds, { eachKind } from './quiz-kinds.js';

export default {
  grade: {
    empty: '답을 입력해 주세요.',
    // Why an answer was not graded (the kinds of src/quiz/parse/rules.js): {left} is what was not
    // understood, as typed. The quiz shows these after '답을 읽지 못했어요.', then howTo.
    notGraded: {
      'too-long': '답이 {length}자로 너무 길어요. 1,000자가 넘는 답은 읽지 않아요.',
      script: '답에 쓰지 않는 글자(‘{left}’)가 섞여 있어요.',
      percent: '퍼센트(‘{left}’)로 적은 답은 이 문제에서 채점하지 않아요.',
      several: '답이 여러 개(‘{left}’) 적혀 있어서 어느 것을 골랐는지 알 수 없어요.',
      'several:corrections': '답을 두 번 넘게 고쳐 적어서(‘{left}’) 어느 답인지 알 수 없어요. 마지막 답 하나만 적어 주세요.',
      negated: '답을 부정하는 말(‘{left}’)이 함께 적혀 있어서, 무엇을 답으로 골랐는지 알 수 없어요.',
      comparison: '범위를 나타내는 말(‘{left}’)이 있어요. 이 문제의 답은 범위가 아니라 값 하나예요.',
      hedge: '짐작하는 말(‘{left}’)이 붙어 있어요. 확실하지 않아도 괜찮으니 짐작하는 말은 빼고 답만 적어 주세요.',
      'hedge:exact': '‘{left}’이 붙어 있어요. 이 문제는 반올림한 값이 아니라 정확한 값을 묻기 때문에 ‘{left}’을 붙인 답은 채점하지 않아요. ‘{left}’은 빼고 답만 적어 주세요.',
      'hedge:precision': '‘{left}’ 뒤의 값이 문제에서 묻는 자리(소수점 아래 {places}자리)까지 적혀 있지 않아요. 그 자리까지 반올림해 적어 주세요.',
      question: '물음표가 붙어 있어요. 확실하지 않아도 괜찮으니 물음표는 빼고 적어 주세요.',
      mixed: '번호(‘{number}’)와 문구(‘{text}’)가 서로 다른 선택지를 가리켜요.',
      'no-choice': '‘{left}’번 선택지는 없어요. 선택지는 1번부터 {n}번까지예요.',
      unit: '이 문제에서 쓰지 않는 단위(‘{left}’)가 붙어 있어요.',
      unequal: '등식의 양쪽 값이 서로 달라서(‘{left}’) 어느 값이 답인지 알 수 없어요. 값을 다시 확인해 주세요.',
      unknown: '‘{left}’ 부분을 이해하지 못했어요.',
    },
    howTo: { ...eachKind('howTo'), numberUnits: kinds.number.howToUnits }, // by kind: ./quiz-kinds.js
    tolerance: '허용 오차 ±{tolerance}',
    misconception: '흔한 오해: {text}',
  },
  generate: {
    roundingNote: '소수점 셋째 자리까지 반올림해 답하세요 (허용 오차 ±{tolerance}).',
    peValue: {
      prompt: 'd_model = {dModel}, 밑(base) 10000인 사인·코사인 위치 인코딩(논문의 번갈아 배치)에서 위치 pos = {pos}, 열 j = {j}의 값 PE({pos}, {j})는?',
      explanation: '열 j = {j}: {parity} 열이므로 {fn}이고, 주파수 번호 i = floor(j/2) = {i}입니다. 각도 = pos / 10000^(2i/d_model) = {pos} / 10000^({twoI}/{dModel}) = {angle}. {fn}({angle}) = {value} → 반올림 {rounded}.',
      hint: '먼저 j가 짝수인지(sin) 홀수인지(cos) 보고, i = floor(j/2)로 각도 pos / 10000^(2i/d_model)을 구하세요.',
      even: '짝수', odd: '홀수',
    },
    peColumn: {
      promptInterleaved: 'd_model = {dModel}, 논문의 번갈아 배치(짝수 열 sin, 홀수 열 cos)에서 열 j = {j}에 들어가는 함수는?',
      promptConcat: 'd_model = {dModel}, sin을 앞 절반, cos을 뒤 절반에 모으는 반반 배치(TensorFlow 튜토리얼 방식)에서 열 j = {j}에 들어가는 함수는?',
      explanationInterleaved: '번갈아 배치의 열 j = {j}: {parity} 열이므로 {fn}입니다 (주파수 번호 i = {k}). wasm 모듈로 확인: PE(0, {j}) = {atZero} ({fn}(0) = {atZero}).',
      explanationConcat: '반반 배치에서는 앞 h = ceil(d_model/2) = {half}개 열이 sin, 나머지가 cos입니다. 열 j = {j}: {fn}, 주파수 번호 i = {k}. wasm 모듈로 확인: PE(0, {j}) = {atZero}.',
      hint: '위치 0에서 sin(0) = 0, cos(0) = 1입니다.',
      distractorInterleaved: '반반 배치의 규칙과 헷갈렸습니다. 번갈아 배치에서는 열 번호의 홀짝이 sin인지 cos인지를 정합니다.',
      distractorConcat: '\'홀수 열은 cos\'은 번갈아 배치의 규칙입니다. 반반 배치에서는 열이 앞 절반인지 뒤 절반인지가 sin인지 cos인지를 정합니다.',
      even: '짝수', odd: '홀수',
    },
    ffnParams: {
      prompt: 'd_model = {dModel}, d_ff = {dFF}인 FFN 한 층의 파라미터 수는? (W1, b1, W2, b2 모두 포함)',
      explanation: 'W1: {dModel} × {dFF} = {w}, b1: {dFF}, W2: {dFF} × {dModel} = {w}, b2: {dModel}. 합 = 2·{dModel}·{dFF} + {dFF} + {dModel} = {total}.',
      hint: 'W1은 d_model × d_ff, W2는 d_ff × d_model, 편향 b1은 d_ff개, b2는 d_model개입니다.',
      distractorBias: '가중치만 셌습니다. 편향 b1({dFF}개)과 b2({dModel}개)를 더하세요.',
      unit: '개',
    },
    ffnDff: {
      prompt: 'd_model = {dModel}이고 d_ff를 d_model의 {ratio}배로 둘 때 d_ff(intermediate_size)는?',
      explanation: '{ratio} × {dModel} = {dFF}. 실무 코드의 intermediate_size가 이 d_ff입니다. 배수는 모델마다 다릅니다: 원래 논문·BERT·GPT-2는 4배, LLaMA는 약 2.7배(4096 → 11008)입니다.',
      hint: 'd_ff = (배수) × d_model입니다. 문제의 배수 {ratio}를 d_model에 곱하세요.',
      distractorDivide: '곱해야 합니다: {ratio} × {dModel}.',
    },
    attention: {
      prompt: '토큰 수 {n}일 때 셀프 어텐션 점수 행렬의 원소 수는?',
      promptHeads: '토큰 수 {n}, 어텐션 헤드 {heads}개일 때 한 층의 셀프 어텐션 점수는 모두 몇 개인가? (헤드마다 점수 행렬이 하나)',
      explanation: '{n} × {n} = {square}. 모든 토큰이 모든 토큰과 점수를 하나씩 가집니다.',
      explanationHeads: '헤드마다 {n} × {n} = {square}개, 헤드 {heads}개이므로 {heads} × {square} = {total}.',
      hint: '점수 행렬은 (토큰 수) × (토큰 수) 크기입니다.',
      distractorDouble: '{n} + {n}이 아니라 {n} × {n}입니다.',
      unit: '개',
    },
    ffnForward: {
      prompt: 'd_model = 2, d_ff = {dFF}, 활성화 ReLU인 FFN(x) = max(0, xW1 + b1)W2 + b2가 있다 (W1은 2×{dFF}, W2는 {dFF}×2, 행 우선 표기).\nW1 = {w1}\nb1 = {b1}\nW2 = {w2}\nb2 = {b2}\n입력 x = {x}\n출력의 {which} 원소 y[{index}]는? (원소 번호는 0부터 셉니다)',
      explanation: '① xW1 + b1 = {pre}.\n② ReLU로 음수를 0으로: {hidden}.\n③ hidden·W2 + b2 = {output}. 그래서 y[{index}] = {answer}. (wasm 모듈로 계산해 손계산과 같은지 확인함)',
      hint: '먼저 은닉 벡터 xW1 + b1을 구하고, 음수는 0으로 바꾼 뒤 W2를 곱하세요.',
      distractorNoRelu: 'ReLU를 빼고 계산한 값입니다. 은닉층의 음수는 0이 되어야 합니다.',
      first: '첫 번째', second: '두 번째',
    },
    rotation: {
      promptAngle: 'd_model = {dModel}, 주파수 번호 i = {i}인 (sin, cos) 쌍에서 PE(p)를 PE(p + {k})로 옮기는 회전각은 몇 라디안인가? (ω_i = 1 / 10000^(2i/d_model))',
      explanationAngle: 'ω_{i} = 1 / 10000^({twoI}/{dModel}) = {omega}. 위치가 Δ = {k}만큼 늘면 각도가 Δ·ω = {angle}만큼 늘어, 쌍이 그만큼 회전합니다. 회전각은 p와 상관없습니다.',
      promptValue: 'd_model = {dModel}에서 PE({p})의 쌍 (열 {j}, 열 {j1}) = ({s}, {c})이다. 같은 쌍이 Δ = {k}칸 뒤 PE({pk})에서 갖는 sin 성분 PE({pk}, {j})는? (회전각 Δ·ω = {angle}라디안)',
      explanationValue: 'PE(p+Δ)의 sin 성분 = sin(pω)·cos(Δω) + cos(pω)·sin(Δω) = {s}·cos({angle}) + {c}·sin({angle}) = {value} → 반올림 {rounded}. 모듈이 직접 계산한 PE({pk}, {j}) = {direct}와 같습니다.',
      hint: '덧셈 정리: sin(a + b) = sin a·cos b + cos a·sin b.',
      hintAngle: '위치 p의 각도는 p·ω입니다. 위치가 Δ만큼 늘면 각도는 얼마나 늘까요?',
      distractorAdd: 'Δ와 ω를 더하지 말고 곱하세요: Δ·ω.',
      unit: 'rad',
    },
  },
};
