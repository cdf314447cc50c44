// The status line and the exit button of a quiz package's launch page (web/lms-launch.js).
export default {
  connecting: 'Connecting to the LMS…',
  connected: 'Connected to the LMS. Answers and the score are saved automatically.',
  standalone: 'Opened without an LMS. Progress is kept in this browser only.',
  notConnected: 'Could not connect to the LMS. Answers and the score are not saved to it; progress is kept in this browser only.',
  timedOut: 'The LMS did not answer within {seconds} seconds. You can take the quiz, but answers and the score are not saved to the LMS; progress is kept in this browser only.',
  refused: 'The launch address has an invalid {param}, so the quiz did not connect to the LMS. You can take the quiz; progress is kept in this browser only.',
  problem: 'Some progress could not be saved to the LMS. Your answers are kept in this browser and are sent again when you reopen the quiz.',
  tooLarge: 'The progress is larger than the LMS accepts. The score still reaches the LMS, but the progress to resume from is kept in this browser only.',
  exit: 'Finish the quiz (back to the LMS)',
};
