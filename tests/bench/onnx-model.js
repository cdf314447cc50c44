// A minimal ONNX model writer for the bench: just enough protobuf (ModelProto, GraphProto, NodeProto,
// TensorProto, ValueInfoProto) to hand onnxruntime-web the FFN and PE graphs with float32 initialisers,
// so the bench needs no Python and no model files. Field numbers follow onnx/onnx.proto.

const utf8 = new TextEncoder();

/** A protobuf message under construction: fields appended in order, bytes at the end. */
export class Message {
  parts = [];

  #varint(n) {
    const bytes = [];
    while (n >= 128) {
      bytes.push((n % 128) | 128);
      n = Math.floor(n / 128);
    }
    bytes.push(n);
    this.parts.push(Uint8Array.from(bytes));
  }

  int(field, value) {
    this.#varint(field * 8);
    this.#varint(value);
    return this;
  }

  bytes(field, data) {
    this.#varint(field * 8 + 2);
    this.#varint(data.length);
    this.parts.push(data);
    return this;
  }

  string(field, text) {
    return this.bytes(field, utf8.encode(text));
  }

  message(field, child) {
    return this.bytes(field, child.finish());
  }

  finish() {
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

const FLOAT = 1; // TensorProto.DataType.FLOAT
const ATTR_INT = 2; // AttributeProto.AttributeType.INT

/** TensorProto: a float32 initialiser with its dims, stored as raw little-endian bytes. */
export function tensor(name, dims, data) {
  const t = new Message();
  for (const d of dims) t.int(1, d);
  t.int(2, FLOAT).string(8, name);
  return t.bytes(9, new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
}

/** ValueInfoProto of a tensor with fixed dims (float32 unless `elemType` says otherwise). */
export function valueInfo(name, dims, elemType = FLOAT) {
  const shape = new Message();
  for (const d of dims) shape.message(1, new Message().int(1, d));
  const tensorType = new Message().int(1, elemType).message(2, shape);
  return new Message().string(1, name).message(2, new Message().message(1, tensorType));
}

/** NodeProto: op(inputs) -> outputs, with optional integer attributes and operator domain. */
export function node(op, inputs, outputs, intAttrs = {}, domain = '') {
  const n = new Message();
  for (const i of inputs) n.string(1, i);
  for (const o of outputs) n.string(2, o);
  n.string(3, `${op}_${outputs[0]}`).string(4, op);
  for (const [name, value] of Object.entries(intAttrs)) {
    n.message(5, new Message().string(1, name).int(3, value).int(20, ATTR_INT));
  }
  if (domain) n.string(7, domain);
  return n;
}

/** ModelProto bytes (IR 8, opset 13 unless given, and any `domains` { name: version }) of one graph. */
export function model({ nodes, initializers, inputs, outputs, opset = 13, domains = {} }) {
  const g = new Message();
  for (const n of nodes) g.message(1, n);
  g.string(2, 'bench');
  for (const t of initializers) g.message(5, t);
  for (const v of inputs) g.message(11, v);
  for (const v of outputs) g.message(12, v);
  const m = new Message().int(1, 8).string(2, 'pe-ffn-wasm bench').message(7, g)
    .message(8, new Message().string(1, '').int(2, opset));
  for (const [domain, version] of Object.entries(domains)) m.message(8, new Message().string(1, domain).int(2, version));
  return m.finish();
}

/** y (T, d) = relu(x W1 + b1) W2 + b2 with the given row-major weights. */
export function ffnModel({ tokens, dModel, dFF, w1, b1, w2, b2 }) {
  return model({
    nodes: [
      node('MatMul', ['x', 'w1'], ['xw1']),
      node('Add', ['xw1', 'b1'], ['z']),
      node('Relu', ['z'], ['h']),
      node('MatMul', ['h', 'w2'], ['hw2']),
      node('Add', ['hw2', 'b2'], ['y']),
    ],
    initializers: [tensor('w1', [dModel, dFF], w1), tensor('b1', [dFF], b1), tensor('w2', [dFF, dModel], w2), tensor('b2', [dModel], b2)],
    inputs: [valueInfo('x', [tokens, dModel])],
    outputs: [valueInfo('y', [tokens, dModel])],
  });
}

/** y (L, d) = [sin(pos * inv) | cos(pos * inv)]: the 'concat' layout, angles in float32. */
export function peModel({ length, dModel, invFreq }) {
  const h = invFreq.length;
  return model({
    nodes: [
      node('Mul', ['pos', 'inv'], ['angle']),
      node('Sin', ['angle'], ['s']),
      node('Cos', ['angle'], ['c']),
      node('Concat', ['s', 'c'], ['y'], { axis: 1 }),
    ],
    initializers: [tensor('inv', [1, h], invFreq)],
    inputs: [valueInfo('pos', [length, 1])],
    outputs: [valueInfo('y', [length, dModel])],
  });
}
