// The words a generated number question accepts around its value, besides the unit it shows: other
// spellings of that unit (라디안 for rad), the units its quantity is naturally counted in (d_ff in
// 차원, softmax weights in %), and the name of the quantity before the number (열 15). The reader
// accepts nothing else (src/quiz/parse/rules.js, rule units).
import { kindOf } from '../kinds/index.js';

const RADIANS = ['라디안', 'radian', 'radians'];
const BY_TOPIC = {
  'ffn-dff': { units: ['차원', 'dimension', 'dimensions'], labels: ['d_ff', 'intermediate_size'] },
  'attention-causal': { units: ['쌍', 'pair'] },
  'rope-columns': { units: ['번', '열', '번 열', 'column'], labels: ['열', 'column'] },
  'softmax-row': { units: ['%'] },
  'lab-bound': { units: ['%'] },
};

/** { units?, labels? } for a generated question of `topic` (q as generated, with its unit). */
export function answerWords(topic, q) {
  const units = [...(BY_TOPIC[topic]?.units || [])];
  if (q.unit === 'rad') units.push(...RADIANS);
  // "1 parameter", "1 score": the shown English unit in the singular too.
  const en = q.en?.unit;
  if (en && /[a-z]s$/.test(en)) units.push(en.slice(0, -1));
  const out = {};
  const own = kindOf(q).fields;
  if (Object.hasOwn(own, 'units') && units.length) out.units = units;
  if (Object.hasOwn(own, 'labels') && BY_TOPIC[topic]?.labels) out.labels = BY_TOPIC[topic].labels;
  return out;
}
