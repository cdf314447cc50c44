// The answers of the generated encoder-block questions (src/quiz/generate/block.js), computed here
// in double precision from each question's params with the block reference of block-reference.js;
// sharing no code with src/.
import { layerNormRef } from './block-reference.js';

const round3 = (x) => Math.round(x * 1000) / 1000;

/** The answer of a generated encoder-block question from its params; undefined for other topics. */
export function blockQuizAnswerRef({ params: p }) {
  switch (p.topic) {
    case 'attention-causal': return p.causal ? (p.n * (p.n + 1)) / 2 : p.n * p.n;
    case 'softmax-row': {
      const e = p.scores.map((s) => Math.exp(s));
      return round3(e[p.token] / e.reduce((a, b) => a + b, 0));
    }
    case 'layer-norm': return round3(layerNormRef(p.z, 4)[p.index]);
    case 'block-params': return 4 * p.dModel ** 2 + 2 * p.dModel * p.dFF + p.dFF + 9 * p.dModel;
    default: return undefined;
  }
}
