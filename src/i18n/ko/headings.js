// The tutorial's section headings (Korean), by section id: the page's headings (page.js) and the quiz's
// ‘learn it in the tutorial’ links (pe-ffn-quiz.js) name a section with the same words.
export default {
  why: '1. 트랜스포머에는 왜 위치 정보가 필요한가',
  naive: '2. 가장 단순한 생각: 위치 번호를 그대로 더하면?',
  formula: '3. 공식은 길지만 의미는 단순하다',
  waves: '4. sin과 cos은 위치를 파동의 조합으로 바꾼다',
  clock: '5. 시계 비유로 이해하기',
  add: '6. 위치 벡터는 토큰 임베딩에 더해진다',
  relative: '7. 왜 sin과 cos을 같이 쓰는가: 상대 위치',
  learned: '8. 학습되는 위치 임베딩과 무엇이 다른가',
  compare: '8-1. 나란히 비교하기: 사인·코사인, 학습형, RoPE',
  lab: '8-2. 위치 실험실: 순서를 배우는지 직접 학습시켜 보기',
  pitfalls: '9. 초보자가 공식에서 놓치기 쉬운 부분',
  ffn: '10. 피드포워드(FFN): 단어 하나씩 ‘깊은 상담’',
  block: '11. 한 블록 안의 흐름: 컨베이어 한 칸',
  tradeoff: '12. 성능과 비용의 저울질 (트레이드오프)',
  practice: '13. 실무에서는 어떻게 쓰이나',
  summary: '14. 정리',
  glossary: '용어집 (한국어 · English)',
};
