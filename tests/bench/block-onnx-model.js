// The encoder block as an ONNX graph for onnxruntime-web (opset 17, for LayerNormalization), built
// with the protobuf writer of onnx-model.js: MatMul + Add projections, Reshape/Transpose into heads,
// MatMul for the scores and the weighted sum, Softmax, LayerNormalization, the FFN. Post-norm, as
// the bench times it: h1 = LN1(x + Attn(x)), y = LN2(h1 + FFN(h1)).
import { Message, model, tensor, valueInfo } from './onnx-model.js';

const INT64 = 7; // TensorProto.DataType.INT64
const ATTR_INTS = 7; // AttributeProto.AttributeType.INTS

/** An int64 initialiser (Reshape's target shapes). */
function int64Tensor(name, values) {
  const t = new Message().int(1, values.length).int(2, INT64).string(8, name);
  const data = BigInt64Array.from(values.map(BigInt));
  return t.bytes(9, new Uint8Array(data.buffer));
}

/** NodeProto with integer-list attributes (Transpose's perm). */
function node(op, inputs, outputs, intsAttrs = {}) {
  const n = new Message();
  for (const i of inputs) n.string(1, i);
  for (const o of outputs) n.string(2, o);
  n.string(3, `${op}_${outputs[0]}`).string(4, op);
  for (const [name, values] of Object.entries(intsAttrs)) {
    const attr = new Message().string(1, name);
    for (const v of values) attr.int(8, v);
    n.message(5, attr.int(20, ATTR_INTS));
  }
  return n;
}

/** y (T, d) = the post-norm encoder block with the given row-major weights (ReLU FFN, eps 1e-5). */
export function blockModel({ tokens: T, dModel: d, heads: H, dFF: F, w }) {
  const E = d / H;
  const linear = (x, name, y) => [node('MatMul', [x, `w${name}`], [`${y}_mm`]), node('Add', [`${y}_mm`, `b${name}`], [y])];
  const split = (m, perm) => [node('Reshape', [m, 'heads_shape'], [`${m}_h`]), node('Transpose', [`${m}_h`], [`${m}_t`], { perm })];
  return model({
    opset: 17,
    nodes: [
      ...linear('x', 'q', 'q'), ...linear('x', 'k', 'k'), ...linear('x', 'v', 'v'),
      ...split('q', [1, 0, 2]), ...split('k', [1, 2, 0]), ...split('v', [1, 0, 2]),
      node('MatMul', ['q_t', 'k_t'], ['dots']), node('Mul', ['dots', 'scale'], ['scores']),
      node('Softmax', ['scores'], ['weights']),
      node('MatMul', ['weights', 'v_t'], ['o_h']), node('Transpose', ['o_h'], ['o_t'], { perm: [1, 0, 2] }),
      node('Reshape', ['o_t', 'model_shape'], ['o']),
      ...linear('o', 'o', 'attention'),
      node('Add', ['x', 'attention'], ['r1']), node('LayerNormalization', ['r1', 'gamma1', 'beta1'], ['h1']),
      ...linear('h1', '1', 'z'), node('Relu', ['z'], ['hidden']), ...linear('hidden', '2', 'f'),
      node('Add', ['h1', 'f'], ['r2']), node('LayerNormalization', ['r2', 'gamma2', 'beta2'], ['y']),
    ],
    initializers: [
      tensor('wq', [d, d], w.wq), tensor('bq', [d], w.bq), tensor('wk', [d, d], w.wk), tensor('bk', [d], w.bk),
      tensor('wv', [d, d], w.wv), tensor('bv', [d], w.bv), tensor('wo', [d, d], w.wo), tensor('bo', [d], w.bo),
      tensor('w1', [d, F], w.w1), tensor('b1', [F], w.b1), tensor('w2', [F, d], w.w2), tensor('b2', [d], w.b2),
      tensor('gamma1', [d], w.gamma1), tensor('beta1', [d], w.beta1), tensor('gamma2', [d], w.gamma2), tensor('beta2', [d], w.beta2),
      tensor('scale', [1], new Float32Array([1 / Math.sqrt(E)])),
      int64Tensor('heads_shape', [T, H, E]), int64Tensor('model_shape', [T, d]),
    ],
    inputs: [valueInfo('x', [T, d])],
    outputs: [valueInfo('y', [T, d])],
  });
}
