// One question card of <pe-ffn-quiz>: heading with badges, prompt, the answer form (radios for a
// kind that lists its options, multiple choice and O/X; a text field otherwise, with the kind's
// keyboard and placeholder: src/quiz/kinds/), hints, and the feedback with the explanation.
// `view` is the element: these functions read its state (view.state, view.drafts, view.pending,
// view.quiz, view.bank, view.s) and call its actions (view.check, view.hint, view.reveal,
// view.openStudyRow); they change nothing themselves.
//   renderQuestion(view, q, i) -> <article class="q">
import { h } from '../shared/dom.js';
import { fill } from '../shared/i18n.js';
import { grade, choiceOrder, localizeQuestion, localizeStudySheet, tutorialSection, tutorialHref } from '../../quiz/index.js';
import { kindOf } from '../../quiz/kinds/index.js';
import { circled } from '../../quiz/grade.js';
import { expectedShown, givenText } from './answer-text.js';
import { studyRowFor } from '../shared/study-sheet.js';

function choiceFieldset(view, q, i, L, a, form) {
  const s = view.s;
  const inputId = view.localId(`in-${i}`);
  const locked = Boolean(a);
  const options = kindOf(q).render.options(q, L, { order: choiceOrder(q, view.quiz.seed), circled, texts: s.kinds[q.type] });
  const draft = locked ? a.given : view.drafts[q.id];
  const fs = h('fieldset', { 'aria-describedby': `${view.localId(`prompt-${i}`)} ${view.localId(`fb-${i}`)}` }, h('legend', { text: s.answerLabel }));
  options.forEach((o, k) => {
    const id = `${inputId}-${k}`;
    const right = locked && o.value === q.answer;
    const pickedWrong = locked && !a.correct && !a.revealed && o.value === a.given;
    const radio = h('input', {
      type: 'radio', name: inputId, id, value: o.value, disabled: locked,
      'data-focus': k === 0 ? `input-${q.id}` : `input-${q.id}-${k}`,
    });
    if (draft !== undefined && draft !== null && Number(draft) === o.value) radio.checked = true;
    radio.addEventListener('change', () => { view.drafts[q.id] = o.value; });
    // Enter on a radio submits, as it does in a text field.
    radio.addEventListener('keydown', (e) => { if (e.key === 'Enter') { e.preventDefault(); form.requestSubmit(); } });
    fs.append(h('label', { class: `choice${right ? ' right' : ''}${pickedWrong ? ' picked-wrong' : ''}`, for: id }, radio,
      h('span', {}, o.label, right ? h('span', { class: 'visually-hidden', text: ` (${s.correct})` }) : null)));
  });
  // The checked radio (or the first) is the tab stop; keep the focus key on it.
  const checked = fs.querySelector('input:checked');
  if (checked) checked.dataset.focus = `input-${q.id}`;
  if (checked && checked !== fs.querySelector('input')) fs.querySelector('input').dataset.focus = `input-${q.id}-0`;
  return fs;
}

/**
 * The answer box's example in the answer's own form, never the answer itself: a whole number for a
 * count, a decimal with the answer's places (at least 3 when a tolerance is allowed) for an angle, a
 * share or a value.
 */
export function numberExample(q) {
  const answer = Number(q.answer);
  const places = Math.min(4, Math.max((String(q.answer).split('.')[1] ?? '').length, q.tolerance > 0 ? 3 : 0));
  const [first, other] = places ? [0.123456, 0.456789].map((x) => x.toFixed(places)) : ['12', '7'];
  return Number(first) === answer ? other : first;
}

function textRow(view, q, i, L, a) {
  const s = view.s;
  const inputId = view.localId(`in-${i}`);
  const locked = Boolean(a);
  const { inputmode = false, placeholder, example } = kindOf(q).render;
  const input = h('input', {
    type: 'text', id: inputId, disabled: locked, autocomplete: 'off', spellcheck: 'false',
    inputmode, 'data-focus': `input-${q.id}`,
    placeholder: example ? fill(s[placeholder], { example: numberExample(q) }) : s[placeholder],
    'aria-describedby': `${view.localId(`prompt-${i}`)} ${view.localId(`fb-${i}`)}`,
  });
  input.value = locked ? givenText(q, L, a, view.quiz.seed, s) : (view.drafts[q.id] ?? '');
  input.addEventListener('input', () => { view.drafts[q.id] = input.value; });
  return h('div', { class: 'answer-row' },
    h('label', { for: inputId, text: s.answerLabel }), input, L.unit ? h('span', { class: 'muted', text: L.unit }) : null);
}

export function renderQuestion(view, q, i) {
  const s = view.s;
  const L = localizeQuestion(q, view.language);
  const a = view.state.answers[q.id];
  const locked = Boolean(a);
  const headingId = view.localId(`q-${i}`);
  const badges = [
    h('span', { class: 'badge', text: s.types[q.type] }),
    q.difficulty ? h('span', { class: 'badge', text: s.difficulty[q.difficulty] }) : null,
    q.origin === 'generated' ? h('span', { class: 'badge', text: fill(s.generated, { seed: view.quiz.seed }) }) : null,
    q.origin === 'document' ? h('span', { class: 'badge', text: L.category || s.fromDocument }) : null,
  ];
  const form = h('form', { novalidate: true, 'aria-labelledby': headingId });
  form.append(kindOf(q).render.options ? choiceFieldset(view, q, i, L, a, form) : textRow(view, q, i, L, a));
  const hintsShown = view.state.hints[q.id] || 0;
  form.append(h('div', { class: 'actions' },
    h('button', { type: 'submit', class: 'primary', disabled: locked, 'data-focus': `check-${q.id}` }, s.check),
    L.hints.length ? h('button', {
      type: 'button', disabled: locked || hintsShown >= L.hints.length, 'data-focus': `hint-${q.id}`,
      onclick: () => view.hint(q),
    }, hintsShown ? s.moreHint : s.hint) : null,
    h('button', { type: 'button', disabled: locked, 'data-focus': `solution-${q.id}`, onclick: () => view.reveal(q) }, s.solution)));
  form.addEventListener('submit', (e) => { e.preventDefault(); if (!view.state.answers[q.id]) view.check(q, form); });

  const hints = hintsShown
    ? h('ol', { class: 'hints', 'aria-label': s.hint, tabindex: '-1', 'data-focus': `hints-${q.id}` }, ...L.hints.slice(0, hintsShown).map((t, k) => h('li', {}, h('strong', { text: `${fill(s.hintN, { n: k + 1 })}: ` }), t)))
    : null;
  return h('article', { class: 'q', 'aria-labelledby': headingId, 'data-id': q.id },
    h('h4', { id: headingId, tabindex: '-1', 'data-focus': `heading-${q.id}` },
      h('span', { text: fill(s.questionN, { n: i + 1, total: view.questions.length }) }), ...badges),
    h('p', { class: 'prompt', id: view.localId(`prompt-${i}`), text: L.prompt }),
    form,
    hints,
    renderFeedback(view, q, i, L, a));
}

function renderFeedback(view, q, i, L, a) {
  const s = view.s;
  const box = h('div', { id: view.localId(`fb-${i}`), tabindex: '-1', 'data-focus': `feedback-${q.id}` });
  if (!a) {
    if (view.pending && view.pending.id === q.id) {
      box.className = 'feedback info';
      box.append(h('p', { class: 'verdict', text: view.pending.text }));
    }
    return box;
  }
  const lang = view.language;
  const seed = view.quiz.seed;
  // Graded again for its feedback, unless the text was cut to fit an LMS (the cut text would read
  // differently; the grade it was given stays).
  const r = a.revealed || a.shortened ? null : grade(q, a.input, { lang, misconceptions: view.bank.misconceptions || [] });
  box.className = `feedback ${a.revealed ? 'info' : a.correct ? 'ok' : 'bad'}`;
  box.append(h('p', { class: 'verdict' }, a.revealed ? `? ${s.revealed}` : a.correct ? `✓ ${s.correct}` : `✗ ${s.wrong}`));
  if (!a.revealed) box.append(h('p', { class: 'misc', text: fill(s.yourAnswer, { input: givenText(q, L, a, seed, s) }) }));
  if (!a.correct) box.append(h('p', {}, h('strong', { text: fill(s.expected, { answer: expectedShown(q, lang, seed) }) })));
  if (r && r.feedback) box.append(h('p', { text: r.feedback }));
  if (r && r.misconceptionText) box.append(h('p', { class: 'misc muted', text: r.misconceptionText }));
  box.append(h('h5', { text: s.explanation }), h('p', { text: L.explanation }));
  const rowIndex = studyRowFor(view.bank.studySheet, q);
  const meta = [];
  if (rowIndex >= 0) {
    const sheet = localizeStudySheet(view.bank.studySheet, lang);
    meta.push(h('button', { type: 'button', class: 'linkish', onclick: () => view.openStudyRow(rowIndex) }, fill(s.studyLink, { type: sheet.rows[rowIndex].type })));
  }
  // The source label leads to the tutorial section that teaches the question (when the page says where the tutorial is).
  // The link names the tutorial's heading it leads to (headings.js); the document's section stays the source.
  const tutorial = tutorialSection(q, view.bank);
  const href = tutorialHref(view.values.tutorial, tutorial, lang);
  const section = q.section ? view.sectionTitle(q.section) : '';
  if (section) meta.push(h('span', { class: 'muted', text: fill(s.source, { section }) }));
  if (href && s.headings[tutorial]) meta.push(h('a', { class: 'source', href, text: fill(s.sourceLink, { heading: s.headings[tutorial] }) }));
  if (meta.length) box.append(h('p', { class: 'misc row' }, ...meta));
  return box;
}
