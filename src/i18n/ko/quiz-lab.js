// Strings of the generated position-lab questions (src/quiz/generate/lab.js), Korean. Numbers are
// followed by a unit or a noun, so the particle after them is the unit's.
export default {
  schemes: { sinusoidal: '사인·코사인 위치 인코딩', learned: '학습형 위치 임베딩', rope: 'RoPE', none: '위치 정보 없음(NoPE)' },
  params: {
    prompt: '위치 실험실에서 어휘 {vocab}개, d_model = {dModel}, 헤드 2개, d_ff = {dFF}, 층 {layers}개(포스트 노름), 위치 방식은 {scheme}인 트랜스포머를 만든다. 입력은 최대 토큰 {T}개이다. 이 모델의 학습 파라미터는 모두 몇 개인가? (임베딩, 위치 표가 있으면 그것, 블록마다 어텐션 q·k·v·출력 행렬과 편향, 층 정규화 2개, FFN, 마지막 출력층)',
    explanation: '토큰 임베딩 {vocab} × {dModel} = {embedding}개. 블록 하나는 4 · d_model² + 2 · d_model · d_ff + d_ff + 9 · d_model = {perLayer}개이고(어텐션 행렬 4개와 편향 4개, 층 정규화 2개의 γ·β, FFN의 W1·b1·W2·b2), 블록 {layers}개면 {blocks}개입니다. 출력층 {dModel} × {vocab} + {vocab} = {output}개. 모두 더하면 {total}개예요. 사인·코사인, RoPE, 위치 정보 없음은 위치 파라미터가 없습니다.',
    explanationLearned: '토큰 임베딩 {vocab} × {dModel} = {embedding}개, 학습형 위치 표 {T} × {dModel} = {table}개. 블록 하나는 4 · d_model² + 2 · d_model · d_ff + d_ff + 9 · d_model = {perLayer}개이고(어텐션 행렬 4개와 편향 4개, 층 정규화 2개의 γ·β, FFN의 W1·b1·W2·b2), 블록 {layers}개면 {blocks}개입니다. 출력층 {dModel} × {vocab} + {vocab} = {output}개. 모두 더하면 {total}개예요.',
    hint: '위치 방식 가운데 파라미터가 있는 것은 학습형 표뿐입니다. 행렬은 행 × 열개, 편향과 층 정규화의 γ·β는 길이만큼의 값을 가집니다. 모두 더하세요.',
    unit: '개',
    distractorTable: '학습형 위치 표(위치마다 d_model개의 값)를 빠뜨렸어요. 학습형 위치 임베딩은 학습하는 파라미터입니다.',
    distractorOutput: '마지막 출력층(d_model × 어휘 + 어휘)을 빠뜨렸어요. 모델은 자리마다 어휘의 점수를 내야 합니다.',
  },
  bound: {
    prompt: '위치 정보도 인과 마스크도 없는 트랜스포머가 뒤집기 과제를 배운다. 입력은 기호 {n}개이고, 자리마다 기호 {K}종 가운데 하나를 따로 고르게 뽑는다(같은 기호가 여러 번 나올 수 있다). 정답 자리 {n}개에는 모두 같은 물음표 토큰이 놓인다. 이 모델이 평균적으로 맞힐 수 있는 정확도의 상한은 얼마인가? 0과 1 사이의 비율로 쓰고, 소수점 셋째 자리까지 반올림해 답하세요 (%로 써도 됩니다. 허용 오차 ±{tolerance}).',
    explanation: '위치도 마스크도 없으면 모델은 순열 등변이라, 같은 토큰인 물음표 자리들은 모두 같은 답을 냅니다. 그 답이 가장 자주 맞는 것은 입력에서 가장 많이 나온 기호일 때이고, 그때 맞히는 자리 수는 그 기호의 개수입니다. 그래서 상한은 E[가장 많이 나온 기호의 개수] / {n}이에요. 가능한 입력 {total}가지를 모두 세면 {bound} ≈ {answer}입니다(우연 수준은 1/{K} ≈ {chance}).',
    hint: '물음표 자리들은 모두 같은 답을 냅니다. 그 답으로 한 입력에서 최대 몇 자리를 맞힐 수 있을까요?',
    distractorChance: '{chance}(1/{K})는 입력을 전혀 보지 않고 찍을 때의 우연 수준이에요. 위치 정보도 마스크도 없는 모델도 입력에 어떤 기호가 몇 번 나왔는지는 보므로, 가장 많이 나온 기호를 답해 그보다 더 맞힐 수 있습니다.',
  },
  share: {
    prompt: '위치 정보 없이 인과 마스크만 쓰는 트랜스포머에서, 어텐션 점수가 모두 같다고 하자(모든 쿼리와 키가 0). 토큰 {T}개짜리 입력에서 위치 t = {t}(0부터 셈)의 토큰이 맨 앞 토큰(위치 0)에 주는 어텐션 가중치는? 소수점 셋째 자리까지 반올림해 답하세요 (허용 오차 ±{tolerance}).',
    explanation: '인과 마스크 때문에 위치 {t}의 토큰은 위치 0부터 {t}까지, 자기 자신을 포함해 토큰 {t1}개만 봅니다. 점수가 모두 같으면 소프트맥스가 그 {t1}개에 똑같이 1/{t1} ≈ {weight}씩 나눠 줘요. 위치마다 이 몫이 다르므로, 위치 인코딩이 없어도 모델은 맨 앞 토큰이 받는 몫으로 자기 자리를 셀 수 있습니다. (wasm 모듈로 쿼리·키 가중치를 0으로 둔 모델을 돌려 잰 값과 같습니다.)',
    hint: '마스크가 있으면 위치 t의 토큰은 몇 개의 토큰을 볼까요? 자기 자신도 셉니다.',
    distractorSelf: '1/{t}은 자기 자신을 빼고 센 값이에요. 인과 마스크는 자기 자신과 앞의 토큰을 모두 보게 하므로 {t1}개입니다.',
    distractorAll: '1/{T}은 마스크가 없을 때(모든 토큰을 볼 때)의 몫이에요. 인과 마스크는 뒤의 토큰을 가립니다.',
  },
};
