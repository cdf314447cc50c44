// Loads a teacher's question bank from a URL for <pe-ffn-quiz src="…">: fetch, parse, validate.
// Every failure becomes an Error with a message for the learner (from the element's strings):
// unreachable (network error or HTTP status), not JSON, or not a valid bank (with the schema's path).
import { validateBank } from '../../quiz/index.js';
import { fill } from '../shared/i18n.js';

export async function loadBank(src, strings) {
  let url = src;
  try { url = new URL(src, document.baseURI).href; } catch { /* keep as given */ }
  let response;
  try {
    response = await fetch(url);
  } catch (err) {
    throw new Error(fill(strings.bankFetchError, { url, reason: err.message || String(err) }));
  }
  if (!response.ok) throw new Error(fill(strings.bankFetchError, { url, reason: `HTTP ${response.status}` }));
  let json;
  try {
    json = JSON.parse(await response.text());
  } catch (err) {
    throw new Error(fill(strings.bankJsonError, { reason: err.message }));
  }
  try {
    return validateBank(json);
  } catch (err) {
    throw new Error(fill(strings.bankInvalid, { message: err.message }));
  }
}
