// How an answer reads to the learner: the right answer and the learner's own, for multiple choice with
// the number the choice had on screen (choices are shuffled by the seed).
//   expectedShown(q, lang, seed)           -> '② …' for mc, expectedText() otherwise
//   givenText(q, L, answer, seed, strings) -> '③ …', O/X, or what was typed ('…' after text that
//                                             was cut to fit an LMS's suspend data)
import { expectedText, choiceOrder, localizeQuestion } from '../../quiz/index.js';
import { circled } from '../../quiz/grade.js';

export function expectedShown(q, lang, seed) {
  if (q.type !== 'mc') return expectedText(q, lang);
  const L = localizeQuestion(q, lang);
  return `${circled(choiceOrder(q, seed).indexOf(q.answer) + 1)} ${L.choices[q.answer - 1]}`;
}

export function givenText(q, L, a, seed, strings) {
  if (q.type === 'mc') return `${circled(choiceOrder(q, seed).indexOf(a.given) + 1)} ${L.choices[a.given - 1]}`;
  if (q.type === 'ox') return a.given === 1 ? strings.oxTrue : strings.oxFalse;
  return a.shortened ? `${a.input}…` : String(a.input ?? '');
}
