// Strings of the generated RoPE and learned-table questions (src/quiz/generate/rope.js), Korean.
export default {
  angle: {
    prompt: 'd_model = {dModel}, 헤드 {heads}개(head_dim = {headDim}), rope_theta(밑) = {baseText}인 모델이 있다. RoPE에서 위치 p = {p}, 쌍 i = {i}의 회전각 θ는 몇 라디안인가? (θ = p / base^(2i/head_dim)) 소수점 셋째 자리까지 반올림해 답하세요 (허용 오차 ±{tolerance}).',
    explanation: 'θ = {p} / {base}^({twoI}/{headDim}) = {angle} rad. RoPE의 주파수는 d_model이 아니라 헤드 하나의 차원 head_dim으로 정해지고, 모든 헤드가 같은 각도를 씁니다.',
    hint: '지수의 분모는 d_model({dModel})일까요, head_dim({headDim})일까요?',
    unit: 'rad',
    distractorDModel: '지수에 d_model = {dModel}을 넣었어요. RoPE는 헤드마다 따로 돌리므로 분모는 head_dim = {headDim}입니다.',
  },
  columns: {
    hint: 'head_dim = {headDim}이면 쌍은 {half}개입니다. 두 짝짓기 방식에서 쌍 i가 쓰는 열을 떠올려 보세요.',
    interleaved: {
      prompt: 'head_dim = {headDim}인 헤드에서 RoPE를 번갈아 짝짓기(interleaved: RoFormer, GPT-J, Meta LLaMA 코드)로 적용한다. 열 {first}의 짝이 되어 함께 돌아가는 열의 번호는? (열 번호는 0부터)',
      explanation: '번갈아 짝짓기는 쌍 i = {pair}에 열 (2i, 2i+1) = ({first}, {partner})을 씁니다. 모듈로 열 {first}만 1인 벡터를 돌리면 값이 나오는 열도 {first}, {partner}뿐이에요.',
      distractor: '반씩 짝짓기(rotate_half)라면 열 i + head_dim/2 = {other}이 짝이지만, 번갈아 짝짓기는 바로 옆 열 {partner}입니다.',
    },
    half: {
      prompt: 'head_dim = {headDim}인 헤드에서 RoPE를 반씩 짝짓기(half: GPT-NeoX, Hugging Face rotate_half)로 적용한다. 열 {first}의 짝이 되어 함께 돌아가는 열의 번호는? (열 번호는 0부터)',
      explanation: '반씩 짝짓기는 쌍 i = {pair}에 열 (i, i + head_dim/2) = ({first}, {partner})을 씁니다. 모듈로 열 {first}만 1인 벡터를 돌리면 값이 나오는 열도 {first}, {partner}뿐이에요.',
      distractor: '번갈아 짝짓기라면 쌍 i = {pair}이 열 (2i, 2i+1)을 쓰지만, 반씩 짝짓기의 짝은 절반 뒤의 열 {partner}입니다.',
    },
  },
  params: {
    promptModel: '{model}의 학습형 위치 임베딩 표는 max_position_embeddings = {positions}, hidden_size = d_model = {dModel}이다. 이 표의 학습 파라미터는 몇 개인가?',
    prompt: 'max_position_embeddings = {positions}, d_model = {dModel}인 학습형 위치 임베딩 표의 학습 파라미터는 몇 개인가?',
    explanation: '위치마다 d_model개의 값이 있는 행이 하나씩: {positions} × {dModel} = {total}개. 사인·코사인 위치 인코딩과 RoPE는 공식이라 위치 파라미터가 0개입니다.',
    hint: '표의 행은 위치, 열은 차원입니다.',
    unit: '개',
    distractorSum: '{positions} + {dModel} = {sum}은 행 수와 열 수를 더한 것이에요. 칸마다 값이 하나이므로 곱해야 합니다.',
  },
  past: {
    prompt: '학습형 위치 임베딩 표 T가 max_position_embeddings = {positions}개의 행(위치 0 … {last})을 가진다. 위치 p = {p}의 토큰에 이 표가 주는 것은?',
    choices: ['표의 {p}번 행 T[{p}]', '없다: 그 위치의 행이 없어 꺼낼 수 없다 (PyTorch에서는 IndexError)', '{p} mod {positions}번 행 (표가 처음부터 다시 돈다)', '공식으로 계산한 새 벡터'],
    explanationRow: '위치 {p}는 표 안(0 … {last})에 있으므로 {p}번 행을 꺼내 더합니다.',
    explanationNone: '위치 {p}는 표의 마지막 위치 {last}보다 뒤입니다. 학습형 표에는 그 행이 없어서 꺼낼 수 없어요. 공식으로 계산하는 사인·코사인이나 RoPE와 다른 점이고, 그래서 모델의 최대 길이(max_position_embeddings)를 먼저 확인해야 합니다.',
    hint: '표에는 몇 번 위치까지 행이 있나요?',
    distractorWrap: '표는 처음으로 돌아가지 않습니다. 그 위치의 행이 없을 뿐이에요.',
    distractorFormula: '학습형 표는 공식이 아니라 저장된 행입니다. 새 위치의 값을 계산해 주지 않아요.',
  },
};
