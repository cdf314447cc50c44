// Predict-then-reveal: a question about what is on screen, a few choices, and a button that reveals
// the answer and lets the element highlight it in its picture.
//
// API:
//   predictPanel(el, key, { question, options: [text, ...] })   the question's element
//   wirePredict(el, key, { answer, explain, onReveal(shown) })  answer: index into options; explain:
//        text shown with the verdict; onReveal(true) after reveal, onReveal(false) after hiding
import { h } from './dom.js';
import { fill } from './i18n.js';

const marks = ['①', '②', '③', '④', '⑤', '⑥'];

/**
 * @csspart predict - the predict-then-reveal question
 */
export function predictPanel(el, key, { question, options }) {
  const name = el.localId(`predict-${key}`);
  return h('div', { class: 'predict', part: 'predict', 'data-predict': key },
    h('fieldset', null,
      h('legend', { text: `${el.s.predictTitle}: ${question}` }),
      options.map((text, i) => h('label', null, h('input', { type: 'radio', name, value: i }), ' ', h('span', { text: `${marks[i]} ${text}` })))),
    h('button', { type: 'button', class: 'primary', 'aria-expanded': 'false', text: el.s.reveal }),
    h('div', { class: 'verdict', role: 'status', 'aria-live': 'polite' }));
}

export function wirePredict(el, key, { answer, explain, onReveal }) {
  const box = el.root.querySelector(`[data-predict="${key}"]`);
  if (!box) return;
  const button = box.querySelector('button');
  const verdict = box.querySelector('.verdict');
  let shown = false;
  button.addEventListener('click', () => {
    shown = !shown;
    button.setAttribute('aria-expanded', String(shown));
    button.textContent = shown ? el.s.hide : el.s.reveal;
    if (shown) {
      const chosen = box.querySelector('input:checked');
      const label = marks[answer];
      const head = !chosen ? fill(el.s.noChoice, { answer: label })
        : Number(chosen.value) === answer ? el.s.correct : fill(el.s.wrong, { answer: label });
      verdict.replaceChildren(h('p', null, h('strong', { text: head }), ' ', typeof explain === 'function' ? explain() : explain));
    } else {
      verdict.textContent = '';
    }
    onReveal?.(shown);
  });
}
