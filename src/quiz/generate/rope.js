// Generated questions beyond the paper's PE (issue 17), registered in ../generate.js. Every answer is
// computed by the wasm module and checked against the hand formula the question teaches:
//   rope-angle      the angle θ = p / base^(2i / head_dim) of pair i at position p (core.rotaryAngle);
//                   the distractor uses d_model instead of head_dim
//   rope-columns    which column pairs with a given one, interleaved (2i, 2i + 1) or half
//                   (i, i + head_dim/2): the module rotates a one-hot row and the partner is the other
//                   column that comes out non-zero
//   learned-params  the parameters of a learned position table, max_position_embeddings × d_model
//                   (the module's freshly initialised table has that many values)
//   learned-past    what a learned table gives for a position: its row, or none past its length
//                   (the module's table has exactly that many rows)
// A generator takes (core, rnd) and returns the question's fields, as those of ../generate.js do.
import ko from '../../i18n/ko/quiz-rope.js';
import en from '../../i18n/en/quiz-rope.js';
import { fill } from '../localize.js';
import { seededEmbedding } from '../../js/embedding.js';
import { fixed, thousands, check, bilingualFor } from './shared.js';
import { KIND } from '../kinds/index.js';

const bilingual = bilingualFor({ ko, en });
const TOLERANCE = 0.001;
// The bank section of the RoPE questions: document 001's "최신 LLM으로 이어지는 불변의 진리", taught in
// the tutorial's section beside learned tables and RoPE (../bank/sections.json).
const ROPE_SECTION = '001-llm';

/** The columns of a head that a one-hot row at `column` reaches when rotated (position 1). */
function reachedColumns(core, headDim, column, layout) {
  const x = new Float32Array(headDim);
  x[column] = 1;
  const y = core.applyRotary(x, 1, headDim, { offset: 1, layout });
  return Array.from(y, (v, j) => (v !== 0 ? j : -1)).filter((j) => j >= 0);
}

export const ROPE_GENERATORS = {
  'rope-angle'(core, rnd) {
    const headDim = rnd.pick([8, 16, 32, 64, 128]);
    const heads = rnd.pick([4, 8, 12, 32]);
    const dModel = headDim * heads;
    const base = rnd.pick([10000, 10000, 500000]);
    const p = rnd.int(1, 60);
    const i = rnd.int(1, 3);
    const angle = core.rotaryAngle(p, i, headDim, { base });
    check(Math.abs(angle - p / base ** ((2 * i) / headDim)) < 1e-12 * (1 + angle), `θ_${i}(${p})`);
    const answer = Number(fixed(angle, 3));
    const withDModel = Number(fixed(p / base ** ((2 * i) / dModel), 3));
    const distractors = Math.abs(withDModel - answer) > TOLERANCE ? [{ match: withDModel, misconception: 'rope-d-model' }] : [];
    const v = { p, i, twoI: 2 * i, headDim, heads, dModel, base, baseText: thousands(base), angle: fixed(angle, 6), tolerance: TOLERANCE };
    return bilingual((s) => ({
      prompt: fill(s.angle.prompt, v), explanation: fill(s.angle.explanation, v), hints: [fill(s.angle.hint, v)],
      unit: s.angle.unit, distractors: [fill(s.angle.distractorDModel, v)],
    }), { type: KIND.NUMBER, section: ROPE_SECTION, difficulty: 2, tags: ['RoPE', 'rope_theta'], answer, tolerance: TOLERANCE,
      params: { p, i, headDim, base, dModel, exact: angle } }, distractors);
  },

  'rope-columns'(core, rnd) {
    const headDim = rnd.pick([8, 16, 32, 64, 128]);
    const half = headDim / 2;
    const layout = rnd.next() < 0.5 ? 'interleaved' : 'half';
    const first = rnd.int(0, headDim - 1);
    const reached = reachedColumns(core, headDim, first, layout);
    const partner = reached.find((j) => j !== first);
    const pair = layout === 'half' ? first % half : Math.floor(first / 2);
    check(reached.length === 2 && partner === (layout === 'half' ? (first + half) % headDim : first ^ 1), `column ${first} ${layout}`);
    // The wrong turns to catch: the other layout's partner (half a head away, or a neighbour), the
    // neighbour on the wrong side of an interleaved pair, and a partner counted past the head's end.
    const wrongs = layout === 'half'
      ? [[first - 1, 'distractorNeighbour', 'rope-pairing'], [first + 1, 'distractorNeighbour', 'rope-pairing'],
        ...(first >= half ? [[first + half, 'distractorBeyond']] : [])]
      : [[(first + half) % headDim, 'distractorHalf', 'rope-pairing'], [first % 2 ? first + 1 : first - 1, 'distractorNeighbour']];
    const caught = wrongs.filter(([wrong, key]) => wrong >= 0 && wrong !== partner && (wrong < headDim || key === 'distractorBeyond'));
    const v = { headDim, half, pair, first, partner, last: headDim - 1, lo: Math.min(first, partner), hi: Math.max(first, partner) };
    return bilingual((s) => {
      const t = s.columns[layout];
      const which = first < partner ? s.columns.first : s.columns.second;
      return {
        prompt: fill(t.prompt, v), explanation: fill(t.explanation, { ...v, which }), hints: [fill(s.columns.hint, v)],
        distractors: caught.map(([wrong, key]) => fill(t[key], { ...v, wrong, wrongPair: Math.floor(wrong / 2) })),
      };
    }, { type: KIND.NUMBER, section: ROPE_SECTION, difficulty: 2, tags: ['RoPE', layout], answer: partner, tolerance: 0,
      params: { headDim, layout, pair, first } }, caught.map(([match, , misconception]) => (misconception ? { match, misconception } : { match })));
  },

  'learned-params'(core, rnd) {
    const [model, positions, dModel] = rnd.pick([['BERT-base', 512, 768], ['GPT-2', 1024, 768], ['BERT-large', 512, 1024],
      ['GPT-2 medium', 1024, 1024], [null, rnd.pick([64, 128, 256]), rnd.pick([16, 32, 64])]]);
    // Small tables are drawn by the module and counted; the models' sizes are the same product.
    if (!model) check(seededEmbedding(core, positions, dModel, 0).length === positions * dModel, 'table size');
    const answer = positions * dModel;
    const v = { model, positions, dModel, total: thousands(answer), sum: thousands(positions + dModel) };
    return bilingual((s) => ({
      prompt: fill(model ? s.params.promptModel : s.params.prompt, v), explanation: fill(s.params.explanation, v),
      hints: [s.params.hint], unit: s.params.unit, distractors: [fill(s.params.distractorSum, v)],
    }), { type: KIND.NUMBER, section: '000-7', difficulty: 1, tags: ['학습형 위치 임베딩', 'max_position_embeddings'],
      answer, tolerance: 0, params: { positions, dModel } }, [{ match: positions + dModel }]);
  },

  'learned-past'(core, rnd) {
    const positions = rnd.pick([8, 16, 32, 64]);
    const dModel = rnd.pick([4, 8]);
    const inside = rnd.next() < 0.35;
    // Inside the table p stops short of the last row, so that "the last row" is a wrong choice.
    const p = inside ? rnd.int(0, positions - 2) : rnd.int(positions, 3 * positions);
    const rows = seededEmbedding(core, positions, dModel, 0).length / dModel;   // the table the module makes
    check(rows === positions, 'rows of the table');
    const answer = p < rows ? 1 : 2;
    // Choice ③ is a row a learner might think of, never row p itself: past the table the row it would
    // wrap to (p mod its length), inside it the last row.
    const v = { positions, last: positions - 1, p, dModel, wrap: p % positions };
    const wrong = inside
      ? [[2, 'distractorNone'], [3, 'distractorLast'], [4, 'distractorFormula', 'learned-pe']]
      : [[1, 'distractorRow'], [3, 'distractorWrap', 'learned-wraps'], [4, 'distractorFormula', 'learned-pe']];
    return bilingual((s) => ({
      prompt: fill(s.past.prompt, v),
      choices: [s.past.choiceRow, s.past.choiceNone, inside ? s.past.choiceLast : s.past.choiceWrap, s.past.choiceFormula].map((c) => fill(c, v)),
      explanation: fill(answer === 1 ? s.past.explanationRow : s.past.explanationNone, v), hints: [s.past.hint],
      distractors: wrong.map(([, key]) => fill(s.past[key], v)),
    }), { type: KIND.MC, section: '000-7', difficulty: 2, tags: ['학습형 위치 임베딩', '길이 일반화'], answer,
      params: { positions, p } }, wrong.map(([match, , misconception]) => (misconception ? { match, misconception } : { match })));
  },
};
