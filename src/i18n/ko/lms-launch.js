// The status line and the exit button of a quiz package's launch page (web/lms-launch.js). The site's
// own register: -어요, not -습니다.
export default {
  connecting: 'LMS에 연결하는 중이에요…',
  connected: 'LMS에 연결했어요. 답과 점수가 자동으로 저장돼요.',
  standalone: 'LMS 없이 열렸어요. 진행 상황은 이 브라우저에만 저장돼요.',
  notConnected: 'LMS에 연결하지 못했어요. 답과 점수는 LMS에 저장되지 않고, 진행 상황은 이 브라우저에만 보관돼요.',
  timedOut: 'LMS가 {seconds}초 동안 응답하지 않았어요. 퀴즈는 풀 수 있지만 답과 점수는 LMS에 저장되지 않고, 진행 상황은 이 브라우저에만 보관돼요.',
  refused: '실행 주소의 {param} 값이 올바르지 않아 LMS에 연결하지 않았어요. 퀴즈는 풀 수 있지만 진행 상황은 이 브라우저에만 보관돼요.',
  problem: 'LMS에 저장하지 못한 내용이 있어요. 답은 이 브라우저에 보관되어 있고, 다시 열면 이어서 보내요.',
  tooLarge: '진행 상황이 LMS가 받을 수 있는 크기를 넘었어요. 점수는 LMS로 가지만, 이어 풀 진행 상황은 이 브라우저에만 보관돼요.',
  exit: '퀴즈 끝내기 (LMS로 돌아가기)',
};
