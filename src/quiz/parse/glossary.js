// The glossary's names of a term (./glossary-terms.js, generated from the glossary of the page, the
// one source): a question that accepts a term accepts every name the glossary gives it, in Korean and
// English ("피드포워드 층" → FFN, 피드포워드 네트워크, 위치별 피드포워드 네트워크, position-wise
// feed-forward network), and a choice whose whole text is a term is named by its other names. Only
// when the question accepts the term itself (its first Korean or its English name): "max_position_embeddings"
// is one name of 컨텍스트 길이, but a question asking for that setting does not accept "context length".
import { GLOSSARY_NAMES } from './glossary-terms.js';
import { answerKey } from './normalize.js';

const ROWS = GLOSSARY_NAMES.map((names) => ({ names, keys: names.map(answerKey) }));
/** The term's own names: its Korean term and its English term (the first and the last of a row). */
const own = (row) => [row.keys[0], row.keys[row.keys.length - 1]];

/** Every glossary name of the terms among `answers` (which must hold a term's own name). */
export function glossaryNamesOf(answers) {
  const keys = new Set(answers.filter((a) => typeof a === 'string').map(answerKey));
  return ROWS.filter((row) => own(row).some((k) => keys.has(k))).flatMap((row) => row.names);
}
