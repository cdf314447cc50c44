// Korean templates of the generated encoder-block questions (src/quiz/generate/block.js). {name}
// marks a value filled in by the code. Terms follow the page's glossary.
export default {
  roundingNote: '소수점 셋째 자리까지 반올림해 답하세요 (허용 오차 ±{tolerance}).',
  causal: {
    promptCausal: '토큰 {n}개인 문장을 GPT 같은 디코더가 읽는다. 셀프 어텐션에 인과 마스크를 씌워 토큰 t는 자기 자신과 앞의 토큰(u ≤ t)만 본다. 헤드 하나에서 가중치가 0이 아닌 (t, u) 쌍은 몇 개인가?',
    promptFull: '토큰 {n}개인 문장을 인코더가 읽는다(마스크 없음). 셀프 어텐션 헤드 하나에서 가중치가 0이 아닌 (t, u) 쌍은 몇 개인가?',
    explanationCausal: '행 0은 토큰 1개, 행 1은 2개, …, 행 {last}은 {n}개를 봅니다. 1 + 2 + … + {n} = {n} × ({n} + 1) / 2 = {kept}. 점수는 {n} × {n} = {total}개 모두 계산되지만, 뒤에 오는 토큰을 보는 {masked}쌍(u > t)은 소프트맥스에서 빠져 가중치가 0입니다. (wasm 모듈의 인과 마스크 블록에서 0이 아닌 가중치를 센 값과 같습니다.)',
    explanationFull: '마스크가 없으면 모든 토큰이 모든 토큰을 봅니다: {n} × {n} = {total}쌍. 소프트맥스 가중치는 모두 0보다 큽니다. (wasm 모듈의 블록에서 0이 아닌 가중치를 센 값과 같습니다.)',
    hintCausal: '행 t에서 볼 수 있는 토큰은 0, 1, …, t의 (t + 1)개입니다. 행마다 센 수를 모두 더하세요.',
    hintFull: '점수 행렬은 (토큰 수) × (토큰 수) 크기이고, 마스크가 없으면 모든 칸이 남습니다.',
    distractorNoMask: '마스크가 없을 때의 {n} × {n}입니다. 인과 마스크는 u > t인 쌍을 가립니다.',
    distractorNoSelf: '토큰은 자기 자신(u = t)도 봅니다. n × (n − 1) / 2가 아니라 n × (n + 1) / 2입니다.',
    distractorMasked: '마스크가 없는 인코더에서는 아무 쌍도 가려지지 않습니다. 절반만 세지 마세요.',
    unit: '개',
  },
  softmax: {
    prompt: '셀프 어텐션에서 토큰 하나가 토큰 {count}개에 준 점수(소프트맥스 전)가 s = {scores}이다. 이 행에 소프트맥스를 취하면, 토큰 번호를 0부터 셀 때 토큰 {token}의 가중치는 얼마인가?',
    explanation: 'w_u = e^(s_u) / Σ e^(s_u′). e^s = {exps}, 합 = {sum}. 그래서 w = {weights}이고, 토큰 {token}의 가중치는 {exact} → 반올림 {rounded}. 가중치를 모두 더하면 1입니다. 모듈은 가장 큰 점수 m을 뺀 e^(s − m)으로 계산해 큰 점수에서도 넘치지 않고, 결과는 같습니다. (wasm 모듈의 어텐션이 계산한 값과 같습니다.)',
    hint: '점수마다 e^s 값을 구해 모두 더한 다음, 구하는 토큰의 e^s 값을 그 합으로 나누세요.',
    distractorRatio: '점수를 점수의 합으로 나눈 값입니다. 소프트맥스는 e^s끼리 나눕니다.',
    distractorUniform: '모든 토큰에 똑같이 1/{count}을 준 값입니다. 점수가 클수록 가중치도 큽니다.',
  },
  layerNorm: {
    prompt: '층 정규화(LayerNorm, γ = 1, β = 0, ε = 10⁻⁵)에 토큰 벡터 z = {z}를 넣는다. 평균과 분산은 이 네 값으로 구한다(분산은 4로 나눔). 출력의 {which} 원소, 곧 LayerNorm(z)[{index}]의 값은?',
    explanation: '평균 μ = ({sumText}) / 4 = {mean}. 분산 σ² = ({squares}) / 4 = {variance}. √(σ² + ε) = {std}. 그래서 LayerNorm(z)[{index}] = ({zi} − {mean}) / {std} = {exact} → 반올림 {rounded}. 전체 출력은 {all}입니다(평균 0, 분산 약 1). (wasm 모듈의 layerNorm이 계산한 값과 같습니다.)',
    hint: '먼저 네 값의 평균 μ를 구하고, (z_j − μ)²의 평균으로 분산 σ²을 구한 뒤 (z_j − μ) / √(σ² + ε)의 값을 계산하세요.',
    distractorUnbiased: '분산을 3(= n − 1)으로 나눈 값입니다. 층 정규화는 n = 4로 나누는 분산을 씁니다.',
    distractorNoScale: '평균만 뺀 값입니다. 표준편차 √(σ² + ε)으로 나누어야 합니다.',
    ordinals: ['첫 번째', '두 번째', '세 번째', '네 번째'],
  },
  params: {
    prompt: 'd_model = {dModel}, d_ff = {dFF}, 헤드 {heads}개인 인코더 블록 하나의 파라미터 수는? (W_Q, W_K, W_V, W_O와 그 편향, FFN의 W₁, b₁, W₂, b₂, 층 정규화 두 개의 γ, β를 모두 포함)',
    promptBert: 'BERT-base의 인코더 블록 하나(d_model = 768, d_ff = 3072, 헤드 12개)의 파라미터 수는? (W_Q, W_K, W_V, W_O와 그 편향, FFN의 W₁, b₁, W₂, b₂, 층 정규화 두 개의 γ, β를 모두 포함)',
    explanation: '어텐션: W_Q, W_K, W_V, W_O가 {dModel} × {dModel}씩 4개 = {attW}, 편향 4개 = {attB}. FFN: 2 · {dModel} · {dFF} + {dFF} + {dModel} = {ffn}. 층 정규화 두 개: γ와 β가 {dModel}개씩 = {ln}. 합 = 4d² + 2·d·d_ff + d_ff + 9d = {total}. 헤드 수는 W_Q 등의 열을 나눠 쓸 뿐이라 파라미터 수를 바꾸지 않습니다. (wasm 모듈이 같은 크기의 블록을 만들어 센 paramCount와 같습니다.)',
    hint: '어텐션 행렬 4개(d × d)와 편향 4개(d), FFN(2·d·d_ff + d_ff + d), 층 정규화 2개(γ, β 각 d개)를 더하세요.',
    distractorNoNorm: '층 정규화의 γ, β({ln}개)를 빠뜨렸습니다.',
    distractorNoBias: '가중치 행렬만 셌습니다. 편향과 층 정규화의 γ, β도 파라미터입니다.',
    unit: '개',
  },
};
