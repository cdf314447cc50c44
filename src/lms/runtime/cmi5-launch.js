// What a cmi5 AU reads from its launch URL (cmi5 spec, 8.1): endpoint, fetch, actor, registration and
// activityId, each required; checked here so that a broken launch says which parameter is wrong.
//   readCmi5Launch(search) -> { endpoint, fetchUrl, actor, registration, activityId }  or throws Error
const REQUIRED = ['endpoint', 'fetch', 'actor', 'registration', 'activityId'];

export function readCmi5Launch(search) {
  const params = new URLSearchParams(search);
  for (const name of REQUIRED) {
    if (!params.get(name)) throw new Error(`cmi5 launch: the launch URL has no ${name} parameter`);
  }
  let actor;
  try { actor = JSON.parse(params.get('actor')); } catch { throw new Error('cmi5 launch: actor is not JSON'); }
  if (!actor || typeof actor !== 'object' || !actor.account || !actor.account.name || !actor.account.homePage) {
    throw new Error('cmi5 launch: actor must be an Agent with an account (name, homePage)');
  }
  let endpoint;
  try { endpoint = new URL(params.get('endpoint')).href; } catch { throw new Error('cmi5 launch: endpoint is not a URL'); }
  return {
    endpoint: endpoint.endsWith('/') ? endpoint : `${endpoint}/`,
    fetchUrl: params.get('fetch'),
    actor,
    registration: params.get('registration'),
    activityId: params.get('activityId'),
  };
}
