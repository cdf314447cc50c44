// The body of <pe-ffn-quiz> for the current set: seed line, progress and score, then either one
// question with the question list and the pager, or all questions, and the result with the retry.
// `view` is the element (see render-question.js): read-only here, actions go through view.go,
// view.showResult, view.retryWrong, view.newSet.
//   renderBody(view, counts) -> <div class="quiz">
import { h } from '../shared/dom.js';
import { fill } from '../shared/i18n.js';
import { localizeQuestion } from '../../quiz/index.js';
import { renderQuestion } from './render-question.js';
import { expectedShown } from './answer-text.js';
import { wrongQuestions } from './state.js';

export function renderBody(view, c) {
  const s = view.s;
  const parts = [];
  if (!view.quiz.known) parts.push(h('p', { class: 'notes', text: fill(s.unknownTopic, { topic: view.quiz.requested }) }));
  if (!view.values['learner-view']) { // in an LMS the seed is the package's business, not the learner's
    parts.push(h('p', { class: 'muted seed-info', text: fill(s.seedInfo, { seed: view.quiz.seed, topic: view.topicLabel(view.quiz.topic), count: c.total }) }));
  }
  parts.push(h('div', { class: 'status-line' },
    h('span', { class: 'progress' }, h('strong', { text: fill(s.progress, { answered: c.answered, total: c.total }) })),
    h('span', { class: 'score' }, h('strong', { text: fill(s.score, { score: c.score, total: c.total }) }))));
  parts.push(h('div', { class: 'meter', role: 'presentation' }, h('span', { style: `width:${c.total ? (100 * c.answered) / c.total : 0}%` })));

  const one = view.values.mode === 'one';
  if (one && view.state.view === 'result') {
    parts.push(renderNav(view), renderResult(view, c));
  } else if (one) {
    const q = view.questions[view.state.index] || view.questions[0];
    parts.push(renderNav(view), renderQuestion(view, q, view.state.index), renderPager(view, c));
  } else {
    view.questions.forEach((q, i) => parts.push(renderQuestion(view, q, i)));
    if (c.answered === c.total) parts.push(renderResult(view, c));
    else parts.push(h('p', { class: 'muted', text: fill(s.unanswered, { n: c.total - c.answered }) }));
  }
  parts.push(h('p', { class: 'muted', text: s.savedNote }));
  return h('div', { class: 'quiz' }, ...parts);
}

function renderNav(view) {
  const s = view.s;
  const items = view.questions.map((q, i) => {
    const a = view.state.answers[q.id];
    const mark = !a ? '' : a.correct ? ' ✓' : a.revealed ? ' ?' : ' ✗';
    const status = !a ? '' : a.correct ? s.correct : a.revealed ? s.revealed : s.wrong;
    const current = view.state.view === 'quiz' && i === view.state.index;
    return h('li', {}, h('button', {
      type: 'button', class: !a ? '' : a.correct ? 'ok' : a.revealed ? 'seen' : 'bad',
      'aria-current': current ? 'step' : false, 'data-focus': `nav-${i}`,
      'aria-label': `${fill(s.questionN, { n: i + 1, total: view.questions.length })}${status ? ` — ${status}` : ''}`,
      onclick: () => view.go(i, `nav-${i}`),
    }, `${i + 1}${mark}`));
  });
  return h('nav', { 'aria-label': s.questionList }, h('ol', { class: 'nav' }, ...items));
}

function renderPager(view, c) {
  const s = view.s;
  const i = view.state.index;
  const last = i === view.questions.length - 1;
  const showFinish = c.answered === c.total || last;
  return h('div', { class: 'actions pager' },
    h('button', { type: 'button', 'data-focus': 'prev', disabled: i === 0, onclick: () => view.go(i - 1) }, `◀︎ ${s.prev}`),
    last
      ? null
      : h('button', { type: 'button', class: view.state.answers[view.questions[i].id] ? 'primary' : '', 'data-focus': 'next', onclick: () => view.go(i + 1) }, `${s.next} ▶︎`),
    showFinish
      ? h('button', { type: 'button', class: last ? 'primary' : '', 'data-focus': last ? 'next' : 'finish', onclick: () => view.showResult() }, s.finish)
      : null);
}

function renderResult(view, c) {
  const s = view.s;
  const wrong = wrongQuestions(view.state, view.questions);
  const list = view.questions.map((q, i) => {
    const a = view.state.answers[q.id];
    const L = localizeQuestion(q, view.language);
    const mark = !a ? '—' : a.correct ? '✓' : a.revealed ? '?' : '✗';
    const status = !a ? s.notAnswered : a.correct ? s.correct : a.revealed ? s.revealed : s.wrong;
    return h('li', {},
      h('span', { class: 'mark', 'aria-hidden': 'true' }, `${mark} `),
      h('span', { class: 'visually-hidden', text: `${status} ` }),
      h('button', { type: 'button', class: 'linkish', 'data-focus': `result-${i}`, onclick: () => view.go(i) }, L.prompt.length > 90 ? `${L.prompt.slice(0, 88)}…` : L.prompt),
      a && !a.correct ? h('span', { class: 'muted' }, ` — ${fill(s.expected, { answer: expectedShown(q, view.language, view.quiz.seed) })}`) : null);
  });
  return h('section', { class: 'result', 'aria-labelledby': view.localId('result-h') },
    h('h4', { id: view.localId('result-h'), tabindex: '-1', 'data-focus': 'result', text: s.resultTitle }),
    h('p', {}, h('strong', { text: fill(s.resultText, c) })),
    h('p', { class: 'muted', text: c.score === c.total ? s.resultPerfect : s.resultRetry }),
    h('div', { class: 'actions' },
      wrong.length ? h('button', { type: 'button', class: 'primary', 'data-focus': 'retry', onclick: () => view.retryWrong() }, fill(s.retryWrong, { n: wrong.length })) : null,
      h('button', { type: 'button', 'data-focus': 'new-set', onclick: () => view.newSet() }, s.newSet)),
    h('ol', {}, ...list));
}
