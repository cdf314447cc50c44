// What a cmi5 AU reads from its launch URL (cmi5 spec, 8.1): endpoint, fetch, actor, registration and
// activityId, each required and checked here, so that a broken launch is refused at once, naming the
// parameter, instead of every statement failing at the LRS later: registration must be a UUID (the
// RFC 4122 variant xAPI LRSs validate) and activityId an absolute IRI (a scheme, then no spaces or
// characters an IRI cannot hold).
//   readCmi5Launch(search) -> { endpoint, fetchUrl, actor, registration, activityId }
//     or throws an Error whose `param` names the parameter
const REQUIRED = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
// RFC 3987: scheme ":" then IRI characters; spaces, controls and <>"{}|\^` are never part of one.
const IRI = /^[a-z][a-z0-9+.-]*:[^\s<>"{}|\\^`\u0000-\u001f\u007f-\u009f]+$/i;

function refuse(param, message) {
  const error = new Error(`cmi5 launch: ${message}`);
  error.param = param;
  return error;
}

export function readCmi5Launch(search) {
  const params = new URLSearchParams(search);
  for (const name of REQUIRED) {
    if (!params.get(name)) throw refuse(name, `the launch URL has no ${name} parameter`);
  }
  let actor;
  try { actor = JSON.parse(params.get('actor')); } catch { throw refuse('actor', 'actor is not JSON'); }
  if (!actor || typeof actor !== 'object' || !actor.account || !actor.account.name || !actor.account.homePage) {
    throw refuse('actor', 'actor must be an Agent with an account (name, homePage)');
  }
  let endpoint;
  try { endpoint = new URL(params.get('endpoint')).href; } catch { throw refuse('endpoint', 'endpoint is not a URL'); }
  const registration = params.get('registration');
  if (!UUID.test(registration)) throw refuse('registration', `registration is not a UUID: ${JSON.stringify(registration.slice(0, 80))}`);
  const activityId = params.get('activityId');
  if (!IRI.test(activityId)) throw refuse('activityId', `activityId is not an IRI: ${JSON.stringify(activityId.slice(0, 200))}`);
  return {
    endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`,
    fetchUrl: params.get('fetch'),
    actor,
    registration,
    activityId,
  };
}
