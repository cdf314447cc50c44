// xAPI-shaped statements for <pe-ffn-quiz> and their delivery: a DOM event on the element and, when
// the page runs inside an iframe, a postMessage { source: 'pe-ffn-quiz', type, detail } to the parent
// (so an LMS wrapper page can record answers without reaching into the frame).
//   statement(verb, object, result, context) -> { verb, object, result, context, timestamp }
//   quizActivityId(pageUrl, topic, seed)     -> '<page>#pe-ffn-quiz/<topic>/<seed>'
//   quizContext(lang, { seed, topic, count }) the context every statement of the quiz carries
//   answeredStatement({ activityId, question, prompt, lang, success, response, extensions, context })
//   completedStatement({ activityId, title, lang, score, total, passing, context })
//   emit(element, type, detail)

import { kindOf } from '../../quiz/kinds/index.js';

const VERBS = 'http://adlnet.gov/expapi/verbs/';
export const ACTIVITY_TYPES = {
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  assessment: 'http://adlnet.gov/expapi/activities/assessment',
};
const QUIZ_EXTENSION = 'https://pe-ffn-wasm.dev/xapi/quiz';
const SOLUTION_SHOWN = 'https://pe-ffn-wasm.dev/xapi/solution-shown';

export function statement(verb, object, result, context) {
  return {
    verb: { id: `${VERBS}${verb}`, display: { 'en-US': verb } },
    object: { objectType: 'Activity', ...object },
    result,
    context,
    timestamp: new Date().toISOString(),
  };
}

export function quizActivityId(pageUrl, topic, seed) {
  return `${pageUrl}#pe-ffn-quiz/${encodeURIComponent(topic)}/${encodeURIComponent(seed)}`;
}

export function quizContext(lang, { seed, topic, count }) {
  return { language: lang, extensions: { [QUIZ_EXTENSION]: { seed, topic, count } } };
}

/** `answered` for one question; `solutionShown` marks an answer ended by "show the solution". */
export function answeredStatement({ activityId, question, prompt, lang, success, response, solutionShown, context }) {
  return statement('answered', {
    id: `${activityId}/${encodeURIComponent(question.id)}`,
    definition: { name: { [lang]: prompt }, type: ACTIVITY_TYPES.interaction, interactionType: kindOf(question).lms.interaction },
  }, {
    success,
    response,
    score: { raw: success ? 1 : 0, min: 0, max: 1, scaled: success ? 1 : 0 },
    ...(solutionShown ? { extensions: { [SOLUTION_SHOWN]: true } } : {}),
  }, context);
}

/** `completed` for the whole set; success when the share of right answers reaches `passing`. */
export function completedStatement({ activityId, title, lang, score, total, passing, context }) {
  const scaled = total ? score / total : 0;
  return statement('completed', {
    id: activityId,
    definition: { name: { [lang]: title }, type: ACTIVITY_TYPES.assessment },
  }, { score: { raw: score, min: 0, max: total, scaled }, success: scaled >= passing, completion: true }, context);
}

export function emit(element, type, detail) {
  element.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  if (window.parent && window.parent !== window) {
    try { window.parent.postMessage({ source: 'pe-ffn-quiz', type, detail }, '*'); } catch { /* detached frame */ }
  }
}
