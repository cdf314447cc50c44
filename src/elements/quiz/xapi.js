// xAPI-shaped statements for <pe-ffn-quiz> and their delivery: a DOM event on the element and, when
// the page runs inside an iframe, a postMessage { source: 'pe-ffn-quiz', type, detail } to the parent
// (so an LMS wrapper page can record answers without reaching into the frame).
//   statement(verb, object, result, context) -> { verb, object, result, context, timestamp }
//   emit(element, type, detail)

const VERBS = 'http://adlnet.gov/expapi/verbs/';
export const INTERACTION_TYPES = { mc: 'choice', ox: 'true-false', number: 'numeric', text: 'fill-in' };
export const ACTIVITY_TYPES = {
  interaction: 'http://adlnet.gov/expapi/activities/cmi.interaction',
  assessment: 'http://adlnet.gov/expapi/activities/assessment',
};

export function statement(verb, object, result, context) {
  return {
    verb: { id: `${VERBS}${verb}`, display: { 'en-US': verb } },
    object: { objectType: 'Activity', ...object },
    result,
    context,
    timestamp: new Date().toISOString(),
  };
}

export function emit(element, type, detail) {
  element.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));
  if (window.parent && window.parent !== window) {
    try { window.parent.postMessage({ source: 'pe-ffn-quiz', type, detail }, '*'); } catch { /* detached frame */ }
  }
}
