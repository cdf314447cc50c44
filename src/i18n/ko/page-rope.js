// The tutorial page's section on RoPE and learned position tables (Korean), beside section 8 (document
// 000 §7) and document 001's "최신 LLM으로 이어지는 불변의 진리". Kept in its own file so that the rest
// of page.js can change without touching it; page.js places it after the section 'learned'.
import headings from './headings.js'; // the sections' headings, shared with the quiz's links
export default {
  id: 'compare',
  title: headings.compare,
  blocks: [
    { p: '두 번째 문서는 “초기 트랜스포머의 사인·코사인 위치 인코딩은 이후 BERT의 ‘학습형 위치 임베딩’, LLaMA 모델에서 쓰는 ‘RoPE(회전 위치 인코딩)’ 등으로 발전해 왔다”고 말합니다. 세 방식을 같은 $d_{model}$에서 나란히 놓으면 차이가 분명해져요. 사인·코사인과 학습형은 토큰 임베딩에 벡터를 **더하고**, RoPE는 아무것도 더하지 않고 어텐션 안에서 쿼리와 키를 **회전**시킵니다.' },
    { tex: String.raw`\theta_i(p) = \frac{p}{\mathrm{base}^{2i/\text{head\_dim}}},\qquad \begin{pmatrix} a \\ b \end{pmatrix} \mapsto \begin{pmatrix} a\cos\theta_i - b\sin\theta_i \\ a\sin\theta_i + b\cos\theta_i \end{pmatrix}` },
    { p: 'RoPE의 각도는 사인·코사인 위치 인코딩과 같은 꼴의 공식이지만, 지수의 분모가 $d_{model}$이 아니라 헤드 하나의 차원 $\\text{head\\_dim}$입니다. 7절에서 본 “$PE(p+\\Delta)$는 $PE(p)$를 돌린 것”이라는 성질을 쿼리와 키에 직접 적용한 셈이라, 점수 $q(p)\\cdot k(r)$에서 위치는 두 위치의 차이 $p - r$로만 들어갑니다. 부호가 있는 차이라서 어느 쪽이 앞인지도 구별하고, 그 밖의 것은 쿼리 $q$와 키 $k$의 내용이 정합니다.' },
    { element: 'pe-compare' },
    { table: {
      caption: 'Hugging Face 설정(config.json)에서 만나는 이름과 위 그림의 관계',
      head: ['설정 이름', '뜻', '그림에서'],
      rows: [
        ['`max_position_embeddings`', '모델의 컨텍스트 길이, 곧 모델이 한 번에 읽도록 만든 최대 토큰 수. 학습형 위치 임베딩에서는 표의 행 수이고, 표가 없는 RoPE 모델에도 이 값이 있습니다. (BERT-base: 512)', '‘컨텍스트 길이’ 슬라이더. 학습형 표는 그 아래로 행이 없어 줄무늬로 보입니다.'],
        ['`n_positions` (GPT-2)', 'GPT-2에서 같은 뜻의 이름. 위치 표 wpe의 행 수 1024.', '같은 슬라이더. 1024 × 768 = 786,432개의 파라미터.'],
        ['`rope_theta`', 'RoPE 각도 공식의 밑 base. LLaMA 1·2는 10000, LLaMA 3은 500000.', '‘밑 (base, rope_theta)’ 입력. 키우면 각 헤드의 느린 쌍이 더 천천히 돌아, RoPE 그림에서 그 쌍의 열이 위에서 아래로 거의 변하지 않습니다.'],
        ['`rope_scaling`', '컨텍스트 길이보다 긴 문맥을 위해 각도를 늘이거나 줄이는 방법과 배율 (예: linear, dynamic, yarn, llama3).', '그림에는 없습니다. 학습 때 보지 못한 큰 각도를 학습한 범위로 되돌리는 장치예요. 계산할 수 있다고 일반화되는 것은 아니라는 2번 그림의 경고와 같은 이야기입니다.'],
      ],
    } },
    { p: '**디버깅 요령과 이어서:** 긴 문서에서 모델이 앞부분을 잊거나 순서를 헷갈리면, 설정에서 위치 방식(학습형 표가 있는지, `rope_theta`와 `rope_scaling`이 있는지)과 `max_position_embeddings`를 먼저 확인하세요. 다른 구현의 가중치를 옮겼다면 RoPE의 짝짓기 방식(번갈아 배치 또는 반반 배치)이 같은지도 확인해야 합니다. 위 4번 표가 그 차이를 보여 줍니다.' },
    { quiz: '퀴즈로 확인하기: RoPE와 학습형 위치 임베딩', topic: 'rope' },
  ],
};
