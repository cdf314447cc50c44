// A recording stand-in for the LMS and LRS of a cmi5 launch, for tests (no LRS could be installed
// here: none is packaged for Debian, and npm's only one, xapi-statements, needs MongoDB and Node 6-8).
// It does what the cmi5 spec asks of the LMS side that an AU can observe: the fetch URL hands out a
// token once, LMS.LaunchData and other State API documents are kept per activity/agent/registration,
// and every statement POSTed is validated with xapi-validation (Learning Locker's conformance-tested
// validator) before it is recorded: a statement with warnings gets HTTP 400, as an LRS answers.
// A fetch URL made with { hang: true } never answers (an LMS that hangs).
//   startLrsRecorder({ launchData }) -> { url, statements, rejected, fetched, newFetchUrl({ hang }), close() }
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
import validateStatement from 'xapi-validation';

const validate = validateStatement.default || validateStatement;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export async function startLrsRecorder({ launchData }) {
  const statements = [];
  const rejected = [];
  const states = new Map();
  const tokens = new Map(); // fetch id -> token or null once handed out
  const issued = new Set();
  const fetched = []; // the fetch URLs' paths, in the order they were asked
  const cors = {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'Authorization, Content-Type, X-Experience-API-Version',
    'access-control-allow-methods': 'GET, PUT, POST, OPTIONS',
  };
  const send = (res, status, body) => {
    res.writeHead(status, { ...cors, 'content-type': 'application/json', 'x-experience-api-version': '1.0.3' });
    res.end(body === undefined ? '' : JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'OPTIONS') { res.writeHead(204, cors); res.end(); return; }
    if (url.pathname.startsWith('/fetch')) fetched.push(url.pathname);
    if (url.pathname.startsWith('/fetch-hang/')) return; // never answered; close() ends the connection
    const fetchMatch = /^\/fetch\/([\w-]+)$/.exec(url.pathname);
    if (fetchMatch && req.method === 'POST') {
      const id = fetchMatch[1];
      if (!tokens.has(id)) { send(res, 404, {}); return; }
      if (tokens.get(id) === null) { send(res, 200, { 'error-code': '1', 'error-text': 'the fetch URL was already used' }); return; }
      const token = Buffer.from(`au:${randomUUID()}`).toString('base64');
      tokens.set(id, null);
      issued.add(token);
      send(res, 200, { 'auth-token': token });
      return;
    }
    const auth = (req.headers.authorization || '').replace(/^Basic /, '');
    if (url.pathname.startsWith('/xapi/') && !issued.has(auth)) { send(res, 401, { error: 'no token' }); return; }
    if (url.pathname === '/xapi/activities/state') {
      const key = ['activityId', 'agent', 'registration', 'stateId'].map((k) => url.searchParams.get(k)).join('|');
      if (req.method === 'GET') {
        if (url.searchParams.get('stateId') === 'LMS.LaunchData') { send(res, 200, launchData); return; }
        if (!states.has(key)) { send(res, 404, {}); return; }
        send(res, 200, states.get(key));
        return;
      }
      if (req.method === 'PUT') {
        states.set(key, JSON.parse(await readBody(req)));
        res.writeHead(204, cors);
        res.end();
        return;
      }
    }
    if (url.pathname === '/xapi/statements' && req.method === 'POST') {
      const body = JSON.parse(await readBody(req));
      const list = Array.isArray(body) ? body : [body];
      const problems = list.map((s) => validate(s).map((w) => `${w.path.join('.')}: ${w.name}`));
      if (problems.some((p) => p.length)) {
        rejected.push({ list, problems });
        send(res, 400, { problems });
        return;
      }
      statements.push(...list);
      send(res, 200, list.map((s) => s.id));
      return;
    }
    send(res, 404, {});
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  return {
    url,
    statements,
    rejected,
    states,
    fetched,
    /** A fresh launch's fetch URL (usable once; with hang, one that never answers). */
    newFetchUrl({ hang = false } = {}) {
      const id = randomUUID();
      tokens.set(id, 'unused');
      return `${url}${hang ? 'fetch-hang' : 'fetch'}/${id}`;
    },
    close: () => new Promise((ok) => { server.closeAllConnections?.(); server.close(ok); }),
  };
}
