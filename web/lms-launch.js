// The script of a quiz package's launch page, bundled by scripts/bundle-lms.mjs as dist/lms/quiz-lms.js
// with the quiz element and the wasm loader (the page itself is written by
// src/lms/package/launch-page.js): reads the settings from #quiz-config, connects the LMS adapter the
// package was built for, and puts a <pe-ffn-quiz> on the page. Without an LMS (the page opened on its
// own) the quiz still runs and keeps progress in this browser, and the status line says so. A page,
// not a library: it sits with the other pages, above the elements it uses.
import { configureCore } from '../src/elements/shared/core.js';
import '../src/elements/pe-ffn-quiz.js';
import { findScormApi } from '../src/lms/runtime/find-api.js';
import { scorm12Adapter } from '../src/lms/runtime/scorm12.js';
import { scorm2004Adapter } from '../src/lms/runtime/scorm2004.js';
import { cmi5Adapter } from '../src/lms/runtime/cmi5.js';
import ko from '../src/i18n/ko/lms-launch.js';
import en from '../src/i18n/en/lms-launch.js';

const config = JSON.parse(document.getElementById('quiz-config').textContent);
const t = config.lang === 'en' ? en : ko;
const status = document.querySelector('.lms-status');
const problems = [];
const onProblem = (text) => {
  problems.push(text);
  console.warn(`pe-ffn-quiz LMS: ${text}`);
  status.textContent = t.problem;
};

configureCore({ wasm: new URL('./pe_ffn.wasm', document.baseURI) });

async function connect() {
  const key = config.id;
  if (config.format === 'cmi5') {
    if (!new URLSearchParams(location.search).has('fetch')) return null;
    return cmi5Adapter({ search: location.search, mastery: config.mastery, onProblem });
  }
  const api = findScormApi(window, config.format === 'scorm12' ? 'API' : 'API_1484_11');
  if (!api) return null;
  const make = config.format === 'scorm12' ? scorm12Adapter : scorm2004Adapter;
  return make({ api, mastery: config.mastery, key, onProblem });
}

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

async function start() {
  let adapter = null;
  try {
    adapter = await connect();
  } catch (error) {
    onProblem(error.message || String(error));
  }
  status.textContent = adapter ? t.connected : problems.length ? t.problem : t.standalone;
  const quiz = document.createElement('pe-ffn-quiz');
  quiz.setAttribute('url-params', 'none');
  quiz.setAttribute('lang', config.lang);
  quiz.setAttribute('topic', config.topic);
  if (config.count) quiz.setAttribute('count', String(config.count)); // none: the quiz's default
  if (config.seed) quiz.setAttribute('seed', config.seed);
  if (config.bank) quiz.setAttribute('src', config.bank);
  if (adapter) quiz.lms = adapter;
  document.getElementById('main').append(quiz);
  window.peFfnQuizLms = { adapter, problems, quiz }; // for tests and for a teacher's console
  if (adapter) {
    const leave = () => adapter.finish();
    addEventListener('pagehide', leave);
    addEventListener('beforeunload', leave);
    if (adapter.returnURL) showExit(adapter);
  }
}

start();
