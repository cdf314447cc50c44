// The script of a quiz package's launch page, bundled by scripts/bundle-lms.mjs as dist/lms/quiz-lms.js
// with the quiz element and the wasm loader (the page itself is written by
// src/lms/package/launch-page.js): reads the settings from #quiz-config, connects the LMS adapter the
// package was built for, and puts a <pe-ffn-quiz> on the page. Without an LMS (the page opened on its
// own) the quiz still runs and keeps progress in this browser, and the status line says so. A page,
// not a library: it sits with the other pages, above the elements it uses.
import { configureCore } from '../src/elements/shared/core.js';
import { fill } from '../src/elements/shared/i18n.js';
import '../src/elements/pe-ffn-quiz.js';
import { connectLms } from '../src/lms/runtime/connect.js';
import ko from '../src/i18n/ko/lms-launch.js';
import en from '../src/i18n/en/lms-launch.js';

const config = JSON.parse(document.getElementById('quiz-config').textContent);
const t = config.lang === 'en' ? en : ko;
const statusLine = document.querySelector('.lms-status');
const problems = [];
// The status line: how the LMS was reached (src/lms/runtime/connect.js) and, once it is connected,
// whether anything could not be saved to it since.
let connection = { key: 'connecting', values: {} };
let settled = false;
let trouble = null; // 'problem', or 'tooLarge' once progress no longer fits the LMS (that one stays)
const show = () => {
  const key = settled && connection.key === 'connected' && trouble ? trouble : connection.key;
  statusLine.textContent = fill(t[key], connection.values);
};
const onProblem = (text, kind) => {
  problems.push(text);
  console.warn(`pe-ffn-quiz LMS: ${text}`);
  trouble = kind === 'too-large' || trouble === 'tooLarge' ? 'tooLarge' : 'problem';
  show();
};

configureCore({ wasm: new URL('./pe_ffn.wasm', document.baseURI) });

// cmi5: the LMS's returnURL is where the learner goes when done; leaving through it sends terminated.
function showExit(adapter) {
  let target;
  try { target = new URL(adapter.returnURL, location.href); } catch { return; }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'lms-exit';
  button.textContent = t.exit;
  button.addEventListener('click', () => {
    adapter.finish();
    location.assign(target.href);
  });
  document.getElementById('main').append(button);
}

const lms = connectLms({ config, win: window, search: location.search, onProblem });
connection = lms.status;
show();
const quiz = document.createElement('pe-ffn-quiz');
quiz.setAttribute('url-params', 'none');
quiz.setAttribute('lang', config.lang);
quiz.setAttribute('heading', config.title);
// A learner's record is the LMS's: no seed line to puzzle over, no reset that would wipe it.
quiz.setAttribute('learner-view', '');
quiz.setAttribute('topic', config.topic);
if (config.count) quiz.setAttribute('count', String(config.count)); // none: the quiz's default
if (config.seed) quiz.setAttribute('seed', config.seed);
if (config.bank) quiz.setAttribute('src', config.bank);
if (lms.adapter) quiz.lms = lms.adapter; // a cmi5 adapter still connecting: the quiz waits for it
document.getElementById('main').append(quiz);
window.peFfnQuizLms = { adapter: lms.adapter, problems, quiz }; // for tests and for a teacher's console
if (lms.adapter) {
  const leave = () => lms.adapter.finish();
  addEventListener('pagehide', leave);
  addEventListener('beforeunload', leave);
}
lms.settled.then(({ adapter, status }) => {
  connection = status;
  settled = true;
  show();
  window.peFfnQuizLms.adapter = adapter;
  if (adapter && adapter.returnURL) showExit(adapter);
});
