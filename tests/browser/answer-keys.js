// The keys that answer a quiz question once focus is in its input: for a choice (multiple choice or
// O/X) the arrow keys to the right choice or to a wrong one, in the order the learner sees them;
// for a number or a text the right answer or a wrong one typed; then Enter.
import { choiceOrder } from '../../src/quiz/index.js';

/** keyboard: page.keyboard; seed: the quiz's seed (it orders the choices); right: right or wrong. */
export async function keyInAnswer(keyboard, q, seed, right) {
  if (q.type === 'mc' || q.type === 'ox') {
    const shown = q.type === 'mc' ? choiceOrder(q, seed) : [1, 0];
    const want = right ? q.answer : shown.find((v) => v !== q.answer);
    const k = shown.indexOf(want);
    if (k === 0) await keyboard.press('Space');
    else for (let i = 0; i < k; i++) await keyboard.press('ArrowDown');
  } else if (q.type === 'number') {
    await keyboard.type(String(right ? q.answer : q.answer + 7));
  } else {
    await keyboard.type(right ? String(q.answer) : 'MLP');
  }
  await keyboard.press('Enter');
}
