// The quiz page: a topic picker that drives <pe-ffn-quiz>, the documents' study sheet (유형 / 풀이·예시),
// the bank's counts by type and section, and Moodle exports (GIFT, Moodle XML) for teachers.
// State lives in the URL with the element's own share parameters (quiz-topic, quiz-seed, quiz-count)
// plus mode and lang, so the address bar is always a link to the same quiz. The tutorial links here
// with a hash (#pe, #ffn, #all, #document) to pick the topic.
import 'virtual:pe-tokens.css'; // the design tokens, light and dark (web/vite.config.js)
import { setPageLang, LANG_EVENT, normalizeLang, fill } from '../src/elements/shared/i18n.js';
import '../src/elements/pe-ffn-quiz.js'; // the one element of this page (registers itself)
import { offerOffline } from './offline.js';
import { mountThemeSwitch } from './theme-switch.js';
import { escapeHtml } from '../src/elements/shared/format.js';
import { saveFile } from '../src/elements/shared/data-export.js';
import { studySheetTable } from '../src/elements/shared/study-sheet.js';
import { h } from '../src/elements/shared/dom.js';
import { builtinBank, localizeStudySheet, QUESTION_TYPES, QUIZ_TOPICS, TOPICS } from '../src/quiz/index.js';
import { shareParamNames, readShareParams, writeShareParams } from '../src/quiz/share-link.js';
import { QUIZ_COUNT, SEED_MAX, cutSeed, readDecimal } from '../src/quiz/limits.js';
import { FORMAT_NAMES as LMS_FORMATS } from '../src/lms/formats/index.js';
import ko from '../src/i18n/ko/quiz-page.js';
import en from '../src/i18n/en/quiz-page.js';

const texts = { ko, en };
const bank = builtinBank();
const quiz = document.getElementById('the-quiz');
const form = document.querySelector('.picker');
const TOPIC_CHOICES = ['document', 'all', 'pe', 'rope', 'ffn', 'lab', 'practice', ...TOPICS];
const MODES = ['one', 'all'];
const SHARE = shareParamNames('quiz'); // the element's own share parameters (quiz-topic, …)

function readState() {
  const p = new URLSearchParams(location.search);
  const link = readShareParams(location.search, SHARE);
  const hash = location.hash.slice(1);
  let topic = link.topic || (TOPIC_CHOICES.includes(hash) ? hash : '') || 'document';
  if (!TOPIC_CHOICES.includes(topic) && !(bank.sections || []).some((s) => s.id === topic)) topic = 'document';
  return {
    lang: normalizeLang(p.get('lang') || document.documentElement.lang),
    topic,
    count: link.count || (topic === 'document' ? 12 : 10),
    seed: link.seed || '',
    mode: MODES.includes(p.get('mode')) ? p.get('mode') : 'one',
  };
}

const state = readState();

function writeState() {
  const url = new URL(location.href);
  const p = url.searchParams;
  writeShareParams(p, SHARE, { topic: state.topic, count: state.count, seed: state.seed });
  if (state.mode !== 'one') p.set('mode', state.mode); else p.delete('mode');
  if (state.lang !== 'ko') p.set('lang', state.lang); else p.delete('lang');
  url.hash = '';
  history.replaceState(history.state, '', url);
}

function applyToQuiz() {
  quiz.setAttribute('topic', state.topic);
  quiz.setAttribute('count', String(state.count));
  quiz.setAttribute('mode', state.mode);
  if (state.seed) quiz.setAttribute('seed', state.seed); else quiz.removeAttribute('seed');
}

// The picker's limits are the quiz's own (src/quiz/limits.js).
form.elements.count.min = String(QUIZ_COUNT.min);
form.elements.count.max = String(QUIZ_COUNT.max);
form.elements.seed.maxLength = SEED_MAX;

function renderForm(t) {
  const topic = form.elements.topic;
  topic.innerHTML = TOPIC_CHOICES.filter((k) => k in QUIZ_TOPICS || TOPICS.includes(k))
    .map((k) => `<option value="${k}">${escapeHtml(t.topics[k] || k)}</option>`).join('');
  topic.value = state.topic;
  form.elements.mode.innerHTML = MODES.map((m) => `<option value="${m}">${escapeHtml(t.modes[m])}</option>`).join('');
  form.elements.mode.value = state.mode;
  form.elements.count.value = String(state.count);
  form.elements.seed.value = state.seed;
  const lms = document.querySelector('.lms-form').elements.format;
  const picked = lms.value || LMS_FORMATS[0];
  lms.innerHTML = LMS_FORMATS.map((f) => `<option value="${f}">${escapeHtml(t.lmsFormats[f])}</option>`).join('');
  lms.value = picked;
}

function renderStudySheet() {
  const sheet = localizeStudySheet(bank.studySheet, state.lang);
  document.querySelector('.study-sheet').replaceChildren(
    h('p', { text: sheet.summary }),
    h('div', { class: 'table-scroll' }, studySheetTable(sheet)));
}

function renderStats(t) {
  const qs = bank.questions;
  const by = (key) => qs.reduce((m, q) => m.set(q[key], (m.get(q[key]) || 0) + 1), new Map());
  const types = by('type');
  const sections = by('section');
  const docs = qs.filter((q) => q.origin === 'document').length;
  document.querySelector('.stats-intro').textContent = fill(t.statsIntro, { total: qs.length, docs, original: qs.length - docs });
  const typeRows = QUESTION_TYPES.map((k) => `<tr><th scope="row">${escapeHtml(t.types[k])}</th><td class="n">${types.get(k) || 0}</td></tr>`).join('');
  const sectionRows = bank.sections.map((s) => {
    const title = (state.lang !== 'ko' && s[state.lang] && s[state.lang].title) || s.title;
    return `<tr><th scope="row">${escapeHtml(`${s.doc} · ${title}`)}</th><td class="n">${sections.get(s.id) || 0}</td></tr>`;
  }).join('');
  document.querySelector('.stats').innerHTML = `
    <div class="table-scroll"><table><caption>${escapeHtml(t.statsByType)}</caption>
      <thead><tr><th scope="col">${escapeHtml(t.statsType)}</th><th scope="col">${escapeHtml(t.statsCount)}</th></tr></thead><tbody>${typeRows}</tbody></table></div>
    <div class="table-scroll"><table><caption>${escapeHtml(t.statsBySection)}</caption>
      <thead><tr><th scope="col">${escapeHtml(t.statsSection)}</th><th scope="col">${escapeHtml(t.statsCount)}</th></tr></thead><tbody>${sectionRows}</tbody></table></div>`;
}

function renderPage() {
  const t = texts[state.lang];
  document.title = t.htmlTitle;
  for (const el of document.querySelectorAll('[data-text]')) el.textContent = t[el.dataset.text];
  for (const el of document.querySelectorAll('[data-label]')) el.setAttribute('aria-label', t[el.dataset.label]);
  for (const b of document.querySelectorAll('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === state.lang));
  document.querySelector('.tutorial-link').href = state.lang === 'en' ? 'index.html?lang=en' : 'index.html';
  renderForm(t);
  renderStudySheet();
  renderStats(t);
}

function download(name, text, type) {
  saveFile(text, name, type);
  document.querySelector('.export-status').textContent = fill(texts[state.lang].exportDone, { file: name });
}

// ---- wiring ----
document.querySelector('.tools').addEventListener('click', (event) => {
  const b = event.target.closest('button[data-lang]');
  if (!b) return;
  state.lang = normalizeLang(b.dataset.lang);
  writeState();
  renderPage();
  setPageLang(state.lang);
});

document.addEventListener(LANG_EVENT, (event) => {
  const lang = normalizeLang(event.detail && event.detail.lang);
  if (lang !== state.lang) { state.lang = lang; writeState(); renderPage(); }
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  state.topic = form.elements.topic.value;
  const asked = Math.round(readDecimal(form.elements.count.value.trim()));
  state.count = Number.isFinite(asked) ? Math.max(QUIZ_COUNT.min, Math.min(QUIZ_COUNT.max, asked)) : 10;
  state.seed = cutSeed(form.elements.seed.value.trim());
  state.mode = form.elements.mode.value;
  writeState();
  applyToQuiz();
  document.getElementById('quiz-h').scrollIntoView({ block: 'start' });
  quiz.updateComplete?.then(() => quiz.shadowRoot.querySelector('h3')?.focus?.());
});

// Choosing the document topic proposes all of the documents' examples; a smaller count still wins.
const documentCount = () => bank.questions.filter((q) => q.origin === 'document').length;
form.elements.topic.addEventListener('change', () => {
  if (form.elements.topic.value === 'document') form.elements.count.value = String(documentCount());
});

form.elements.mode.addEventListener('change', () => {
  state.mode = form.elements.mode.value;
  writeState();
  quiz.setAttribute('mode', state.mode);
});

// The element's own mode buttons: keep the picker and the URL in step.
quiz.addEventListener('pe-ffn-change', (event) => {
  if (event.detail.name !== 'mode') return;
  state.mode = event.detail.value;
  form.elements.mode.value = state.mode;
  writeState();
});

document.querySelector('.export-buttons').addEventListener('click', async (event) => {
  const b = event.target.closest('button[data-export]');
  if (!b) return;
  const { toGIFT, toMoodleXML } = await import('./quiz-exports.js'); // teachers' code: loaded when asked
  const [which, format] = b.dataset.export.split('-');
  const questions = which === 'bank' ? bank.questions : quiz.currentQuestions || [];
  const name = `pe-ffn-${which === 'bank' ? 'bank' : `${state.topic}-${quiz.getAttribute('seed') || 'set'}`}-${state.lang}`;
  const category = `pe-ffn-wasm/${which === 'bank' ? 'bank' : state.topic}`;
  if (format === 'gift') download(`${name}.gift.txt`, toGIFT(questions, { lang: state.lang, category }), 'text/plain;charset=utf-8');
  else download(`${name}.xml`, toMoodleXML(questions, { lang: state.lang, category }), 'application/xml;charset=utf-8');
});

// "LMS용으로 내려받기": the same zip as the quiz-package command, for the set chosen in the picker.
document.querySelector('.lms-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const t = texts[state.lang];
  const status = document.querySelector('.lms-status');
  const f = event.target.elements;
  const percent = f.mastery.value.trim();
  const share = readDecimal(percent) / 100;
  status.textContent = t.lmsWorking;
  try {
    const { downloadLmsPackage } = await import('./quiz-lms-download.js');
    const { name, bytes } = await downloadLmsPackage({
      format: f.format.value, topic: state.topic, count: state.count, seed: state.seed, lang: state.lang,
      // Decimal digits only; anything else goes on as typed, for the packer to refuse by name.
      mastery: percent === '' ? 'none' : Number.isNaN(share) ? percent : share,
    });
    status.textContent = fill(t.lmsDone, { file: name, size: Math.round(bytes / 1024) });
  } catch (error) {
    status.textContent = fill(t.lmsFailed, { message: error.message || String(error) });
  }
});

document.documentElement.setAttribute('lang', state.lang);
writeState();
applyToQuiz();
renderPage();
mountThemeSwitch(document.querySelector('.tools'), () => state.lang);
offerOffline(() => state.lang);
