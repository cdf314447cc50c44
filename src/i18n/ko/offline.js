// The pages' offline notices (web/offline.js).
export default {
  ready: '이제 인터넷이 끊겨도 이 튜토리얼과 퀴즈를 그대로 쓸 수 있어요.',
  update: '새 버전이 있습니다. 지금 읽던 내용과 퀴즈 진행 상황은 그대로 남아요.',
  reload: '새 버전으로 다시 열기',
  later: '나중에',
  stale: '페이지 일부를 불러오지 못했어요. 그사이 사이트가 새 버전으로 바뀌었을 수 있어요. 다시 열어도 고른 설정과 퀴즈 진행 상황은 그대로 남아요.',
  reloadStale: '다시 열기',
};
