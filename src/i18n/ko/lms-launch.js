// The launch page's status line, in the package's language.
const STRINGS = {
  ko: {
    connected: 'LMS에 연결되었습니다. 답과 점수가 자동으로 저장됩니다.',
    standalone: 'LMS 없이 열렸습니다. 진행 상황은 이 브라우저에만 저장됩니다.',
    problem: 'LMS에 저장하지 못한 내용이 있습니다. 답은 이 브라우저에 보관되어 있으며, 다시 열면 이어서 보냅니다.',
    exit: '퀴즈 끝내기 (LMS로 돌아가기)',
  },
  en: {
    connected: 'Connected to the LMS. Answers and the score are saved automatically.',
    standalone: 'Opened without an LMS. Progress is kept in this browser only.',
    problem: 'Some progress could not be saved to the LMS. Your answers are kept in this browser and are sent again when you reopen the quiz.',
    exit: 'Finish the quiz (back to the LMS)',
  },
};

export function launchStrings(lang) {
  return STRINGS[lang] || STRINGS.ko;
}
