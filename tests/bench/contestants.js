// Who runs in the bench, in table order. The package appears once per wasm variant it ships (plain
// SIMD128 and relaxed SIMD, when this engine accepts the latter); peers appear with the reason when
// they cannot run here, so the table says so instead of leaving a hole.
import {
  fillFresh, fillReused, ortFFN, ortPE, packageFFN, packagePE, plainFFN, plainPE, tfjsFFN, tfjsPE,
} from './implementations.js';
import { copyFloor, ortRope, packageRope, plainRopePerPair, plainRopePerRow } from './rope-implementations.js';

/**
 * cores: { simd128, relaxed } instances of this package (relaxed may be null), `variant`: the one
 * init() picks by default, relaxedNote: why relaxed is missing; tf / ort: loaded libraries or null,
 * with tfNote / ortNote saying why not.
 */
export function makeContestants({ cores, defaultCore, variant, relaxedNote, tf, tfNote, ort, ortNote }) {
  const pkgFFN = (name, core, note) => [
    { id: `pkg-${name}-fresh`, label: `pe-ffn-wasm ${name} (fresh array)`, ...(core ? { impl: packageFFN(core, 'fresh') } : { unavailable: note }) },
    { id: `pkg-${name}-out`, label: `pe-ffn-wasm ${name} (out tensor)`, ...(core ? { impl: packageFFN(core, 'out') } : { unavailable: note }) },
  ];
  const peer = (id, label, lib, note, make) => ({ id, label, ...(lib ? { impl: make(lib) } : { unavailable: note }) });
  return {
    ffn: [
      ...pkgFFN('simd128', cores.simd128),
      ...pkgFFN('relaxed', cores.relaxed, relaxedNote),
      { id: 'plain-js', label: 'plain JS', impl: plainFFN },
      peer('tfjs-wasm', 'tfjs-backend-wasm (1 thread, SIMD)', tf, tfNote, tfjsFFN),
      peer('ort-wasm', 'onnxruntime-web (wasm, 1 thread)', ort, ortNote, ortFFN),
    ],
    pe: [
      { id: 'pkg-fresh', label: `pe-ffn-wasm ${variant} (fresh array)`, impl: packagePE(defaultCore, 'fresh') },
      { id: 'pkg-out-tensor', label: `pe-ffn-wasm ${variant} (out tensor)`, impl: packagePE(defaultCore, 'tensor') },
      { id: 'pkg-out-array', label: `pe-ffn-wasm ${variant} (out: reused Float32Array)`, impl: packagePE(defaultCore, 'array') },
      { id: 'plain-js', label: 'plain JS (double)', impl: plainPE },
      peer('tfjs-wasm', 'tfjs-backend-wasm', tf, tfNote, tfjsPE),
      peer('ort-wasm', 'onnxruntime-web (wasm)', ort, ortNote, ortPE),
      { id: 'fill-reused', label: 'floor: Float32Array.fill (reused)', impl: fillReused },
      { id: 'fill-fresh', label: 'floor: new Float32Array + fill', impl: fillFresh },
    ],
    peWide: [
      { id: 'pkg-out-tensor', label: `pe-ffn-wasm ${variant} (out tensor)`, impl: packagePE(defaultCore, 'tensor') },
      { id: 'pkg-out-array', label: `pe-ffn-wasm ${variant} (out: reused Float32Array)`, impl: packagePE(defaultCore, 'array') },
    ],
    rope: [
      { id: 'pkg-tensor', label: `pe-ffn-wasm ${variant} (tensor, in place)`, impl: packageRope(defaultCore, 'tensor') },
      { id: 'pkg-array', label: `pe-ffn-wasm ${variant} (Float32Array, in place)`, impl: packageRope(defaultCore, 'array') },
      { id: 'plain-pair', label: 'plain JS (double, cos/sin per pair)', impl: plainRopePerPair },
      { id: 'plain-row', label: 'plain JS (double, cos/sin per row)', impl: plainRopePerRow },
      { ...peer('ort-wasm', 'onnxruntime-web RotaryEmbedding (wasm, 1 thread; timed apart)', ort, ortNote, ortRope), apart: true },
      { id: 'floor-set', label: 'floor: Float32Array.prototype.set from a copy', impl: copyFloor },
    ],
    activations: ACTIVATIONS.map((activation) => ({
      id: `pkg-${activation}`, label: `pe-ffn-wasm ${variant} ${activation} (out tensor)`, reference: activation,
      impl: packageFFN(defaultCore, 'out', activation),
    })),
  };
}

/** { family: { id: label } } for the report. */
export function labelsOf(contestants) {
  return Object.fromEntries(Object.entries(contestants).map(([family, list]) => [
    family, Object.fromEntries(list.map((c) => [c.id, c.label]))]));
}

/** The FFN activations, ReLU first: the activations table gives each one's time over ReLU's. */
export const ACTIVATIONS = ['relu', 'gelu', 'gelu_tanh', 'silu'];

/** The peers a user would pick instead of this package (ratios are taken to the best of them). */
export const PEERS = ['plain-js', 'tfjs-wasm', 'ort-wasm'];
