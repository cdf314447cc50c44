// Predict-then-reveal: a question about what is on screen, a few choices, and a button that reveals
// the answer and lets the element highlight it in its picture.
//
// API:
//   predictHtml(el, key, { question, options: [text, ...] })   HTML string
//   wirePredict(el, key, { answer, explain, onReveal(shown) })  answer: index into options; explain:
//        text shown with the verdict; onReveal(true) after reveal, onReveal(false) after hiding
import { escapeHtml, } from './format.js';
import { fill } from './i18n.js';

const marks = ['①', '②', '③', '④', '⑤', '⑥'];

/**
 * @csspart predict - the predict-then-reveal question
 */
export function predictHtml(el, key, { question, options }) {
  const name = el.id(`predict-${key}`);
  const items = options.map((text, i) => `<label><input type="radio" name="${name}" value="${i}"> <span>${marks[i]} ${escapeHtml(text)}</span></label>`).join('');
  return `<div class="predict" part="predict" data-predict="${key}">
    <fieldset>
      <legend>${escapeHtml(el.s.predictTitle)}: ${escapeHtml(question)}</legend>
      ${items}
    </fieldset>
    <button type="button" class="primary" aria-expanded="false">${escapeHtml(el.s.reveal)}</button>
    <div class="verdict" role="status" aria-live="polite"></div>
  </div>`;
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
      verdict.innerHTML = `<p><strong>${escapeHtml(head)}</strong> ${escapeHtml(typeof explain === 'function' ? explain() : explain)}</p>`;
    } else {
      verdict.textContent = '';
    }
    onReveal?.(shown);
  });
}
