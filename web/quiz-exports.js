// The quiz page's "GIFT" and "Moodle XML" buttons: the exports of src/quiz, in a chunk of their own
// that the page loads when a teacher asks (the service worker does not precache it for every reader,
// web/vite.config.js).
export { toGIFT, toMoodleXML } from '../src/quiz/index.js';
