// The statements a cmi5 AU sends (cmi5 spec, 9.3): cmi5-defined ones (initialized, completed, passed,
// failed, terminated) carry the cmi5 category, and the moveOn category where they count toward moving
// on; every statement carries the launch's registration and the LMS's contextTemplate (its session
// id). `answered` is a cmi5-allowed statement: same registration and template, no cmi5 category.
//   cmi5Statement(launch, template, verb, { result, masteryScore }) -> statement
//   answeredFor(launch, template, elementStatement, questionId)     -> statement
const VERB = {
  initialized: 'http://adlnet.gov/expapi/verbs/initialized',
  completed: 'http://adlnet.gov/expapi/verbs/completed',
  passed: 'http://adlnet.gov/expapi/verbs/passed',
  failed: 'http://adlnet.gov/expapi/verbs/failed',
  terminated: 'http://adlnet.gov/expapi/verbs/terminated',
};
const CATEGORY_CMI5 = { id: 'https://w3id.org/xapi/cmi5/context/categories/cmi5' };
const CATEGORY_MOVEON = { id: 'https://w3id.org/xapi/cmi5/context/categories/moveon' };
const MASTERY = 'https://w3id.org/xapi/cmi5/context/extensions/masteryscore';
const MOVES_ON = ['completed', 'passed', 'failed'];

export function uuid() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function context(launch, template, categories, extra = {}) {
  const t = template || {};
  const activities = { ...(t.contextActivities || {}) };
  if (categories.length) activities.category = [...(activities.category || []), ...categories];
  const extensions = { ...(t.extensions || {}), ...extra };
  return {
    ...t,
    registration: launch.registration,
    ...(Object.keys(activities).length ? { contextActivities: activities } : {}),
    ...(Object.keys(extensions).length ? { extensions } : {}),
  };
}

export function cmi5Statement(launch, template, verb, { result, masteryScore } = {}) {
  const categories = MOVES_ON.includes(verb) ? [CATEGORY_CMI5, CATEGORY_MOVEON] : [CATEGORY_CMI5];
  const extra = (verb === 'passed' || verb === 'failed') && masteryScore !== null && masteryScore !== undefined ? { [MASTERY]: masteryScore } : {};
  return {
    id: uuid(),
    actor: launch.actor,
    verb: { id: VERB[verb], display: { 'en-US': verb } },
    object: { objectType: 'Activity', id: launch.activityId },
    ...(result ? { result } : {}),
    context: context(launch, template, categories, extra),
    timestamp: new Date().toISOString(),
  };
}

export function answeredFor(launch, template, s, questionId) {
  const ctx = context(launch, template, []);
  ctx.contextActivities = { ...(ctx.contextActivities || {}), parent: [{ objectType: 'Activity', id: launch.activityId }] };
  if (s.context && s.context.language) ctx.language = s.context.language;
  return {
    id: uuid(),
    actor: launch.actor,
    verb: s.verb,
    object: { objectType: 'Activity', id: `${launch.activityId}/question/${encodeURIComponent(questionId)}`, definition: s.object.definition },
    result: s.result,
    context: ctx,
    timestamp: s.timestamp || new Date().toISOString(),
  };
}
