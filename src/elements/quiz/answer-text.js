// How an answer reads to the learner: the right answer and the learner's own, for multiple choice with
// the number the choice had on screen (choices are shuffled by the seed).
//   expectedShown(q, lang, seed)           -> '② …' for multiple choice, expectedText() otherwise
//   givenText(q, L, answer, seed, strings) -> '③ …', O/X, or what was typed ('…' after text that
//                                             was cut to fit an LMS's suspend data)
import { expectedText, choiceOrder, localizeQuestion } from '../../quiz/index.js';
import { kindOf } from '../../quiz/kinds/index.js';
import { circled } from '../../quiz/grade.js';

// A kind whose options are shuffled (`render.ordered`) shows the right answer under its number on
// screen; one with options shows the learner's pick as its label (src/quiz/kinds/).
export function expectedShown(q, lang, seed) {
  const { render } = kindOf(q);
  if (!render.ordered) return expectedText(q, lang);
  return render.shown(q, localizeQuestion(q, lang), q.answer, { order: choiceOrder(q, seed), circled });
}

export function givenText(q, L, a, seed, strings) {
  const { render } = kindOf(q);
  if (render.shown) return render.shown(q, L, a.given, { order: render.ordered ? choiceOrder(q, seed) : [], circled, texts: strings.kinds[q.type] });
  return a.shortened ? `${a.input}…` : String(a.input ?? '');
}
