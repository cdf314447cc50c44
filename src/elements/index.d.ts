// Types for `pe-ffn-wasm/elements`: importing the module registers the custom elements below.
import type { init, Activation, PositionScheme } from '../js/index.js';

type Core = Awaited<ReturnType<typeof init>>;

/** Where the shared instance loads its .wasm from; call before the first element connects. */
export function configureCore(options?: Parameters<typeof init>[0]): void;
/** The one pe-ffn-wasm instance all elements share (initialised on first call). */
export function getCore(): Promise<Core>;
/** Sets <html lang> and tells every element to re-render in that language ('ko' | 'en'). */
export function setPageLang(lang: string): void;
/** Name of the event dispatched on document when the page language changes. */
export const LANG_EVENT: 'pe-ffn-lang';

export type PeLayout = 'interleaved' | 'concat';

/** Members every element of this package has. */
export interface PeFfnElementBase extends HTMLElement {
  /** Resolves after the render that follows the latest change. */
  readonly updateComplete: Promise<void>;
}

/** <pe-table>: the PE table with per-cell formulas. */
export interface PeTableElement extends PeFfnElementBase {
  // <attributes pe-table>
  /** `length`: integer 1 … 2048: positions (rows). Default: 20. */
  length: number;
  /** `d-model`: integer 1 … 2048: d_model (columns). Default: 16. */
  dModel: number;
  /** `base`: number 1.0001 … 10^12: the base b of the angle t / b^(2i/d). Default: 10000. */
  base: number;
  /** `offset`: integer 0 … 1,000,000: the first position. Default: 0. */
  offset: number;
  /** `layout`: 'interleaved' | 'concat': interleaved: sin and cos in pairs of columns (2i, 2i + 1); concat: all sines, then all cosines. Default: 'interleaved'. */
  layout: 'interleaved' | 'concat';
  // </attributes>
}

/** <pe-heatmap>: heat map, legend and waves of a few dimensions. */
export interface PeHeatmapElement extends PeFfnElementBase {
  // <attributes pe-heatmap>
  /** `length`: integer 1 … 1024: positions (rows). Default: 50. */
  length: number;
  /** `d-model`: integer 1 … 1024: d_model (columns). Default: 64. */
  dModel: number;
  /** `base`: number 1.0001 … 10^12: the base b of the angle t / b^(2i/d). Default: 10000. */
  base: number;
  /** `offset`: integer 0 … 1,000,000: the first position. Default: 0. */
  offset: number;
  /** `layout`: 'interleaved' | 'concat': interleaved: sin and cos in pairs of columns (2i, 2i + 1); concat: all sines, then all cosines. Default: 'interleaved'. */
  layout: 'interleaved' | 'concat';
  /** `dims`: comma-separated columns for the wave chart. Default: four sine columns, fast to slow. */
  dims: string;
  // </attributes>
}

/** <pe-clock>: each (sin, cos) pair as a clock hand. */
export interface PeClockElement extends PeFfnElementBase {
  // <attributes pe-clock>
  /** `position`: integer 0 … 100,000: the position t the hands show. Default: 0. */
  position: number;
  /** `d-model`: integer 2 … 64: d_model; one hand per (sin, cos) pair. Default: 16. */
  dModel: number;
  /** `base`: number 1.0001 … 10^12: the base b of the angle t / b^(2i/d). Default: 10000. */
  base: number;
  /** `layout`: 'interleaved' | 'concat': interleaved: sin and cos in pairs of columns (2i, 2i + 1); concat: all sines, then all cosines. Default: 'interleaved'. */
  layout: 'interleaved' | 'concat';
  // </attributes>
}

/** <pe-relative>: PE(p)·PE(q) and the rotation PE(p) -> PE(p+k). */
export interface PeRelativeElement extends PeFfnElementBase {
  // <attributes pe-relative>
  /** `length`: integer 2 … 256: positions p, q of the similarity matrix. Default: 40. */
  length: number;
  /** `d-model`: integer 2 … 512: d_model, the length of every vector. Default: 64. */
  dModel: number;
  /** `base`: number 1.0001 … 10^12: the base b of the angle t / b^(2i/d). Default: 10000. */
  base: number;
  /** `layout`: 'interleaved' | 'concat': interleaved: sin and cos in pairs of columns (2i, 2i + 1); concat: all sines, then all cosines. Default: 'interleaved'. */
  layout: 'interleaved' | 'concat';
  /** `p`: integer 0 … 100,000: the position p of the rotation check. Default: 5. */
  p: number;
  /** `k`: integer 0 … 100,000: the shift k of the rotation check (p + k at most 200,000). Default: 3. */
  k: number;
  // </attributes>
}

/** <pe-add>: h = x + PE for two word orders. */
export interface PeAddElement extends PeFfnElementBase {
  // <attributes pe-add>
  /** `d-model`: integer 2 … 32: d_model, the length of every vector. Default: 8. */
  dModel: number;
  /** `base`: number 1.0001 … 10^12: the base b of the angle t / b^(2i/d). Default: 10000. */
  base: number;
  /** `layout`: 'interleaved' | 'concat': interleaved: sin and cos in pairs of columns (2i, 2i + 1); concat: all sines, then all cosines. Default: 'interleaved'. */
  layout: 'interleaved' | 'concat';
  /** `seed`: integer 0 … 4,294,967,295: the token embedding. Default: 7. */
  seed: number;
  /** `sentence-a`: the first sentence: tokens separated by spaces (at most 12). Default: 「철수 가 영희 를 이겼다」 (en: “the cat ate the fish”). */
  sentenceA: string;
  /** `sentence-b`: the second sentence, the same tokens in another order. Default: 「영희 가 철수 를 이겼다」 (en: “the fish ate the cat”). */
  sentenceB: string;
  /** `show`: 'a' | 'b': which sentence the x + PE = h tables show. Default: 'a'. */
  show: 'a' | 'b';
  /** `compare`: 'x' | 'h': compare the two sentences without PE (x) or with it (h). Default: 'h'. */
  compare: 'x' | 'h';
  // </attributes>
}

/** Detail of `pe-compare-table`: the learned table changed (or a .npy could not be loaded: `error`). */
export interface PeCompareTableDetail {
  source: 'file' | 'src' | 'fresh';
  positions?: number;
  dModel?: number;
  error?: string;
}

/** <pe-compare>: sinusoidal, learned and RoPE side by side, past the context length, similarity
 * matrices, RoPE's two pairings, and a learned table loaded from a .npy file (float32 [positions, d_model]). */
export interface PeCompareElement extends PeFfnElementBase {
  // <attributes pe-compare>
  /** `d-model`: integer 2 … 1024: d_model, even (an odd one is raised by 1); a loaded table sets it. Default: 64. */
  dModel: number;
  /** `head-dim`: integer 2 … 1024: RoPE's head dimension, an even divisor of d-model (else the nearest one). Default: 16. */
  headDim: number;
  /** `positions`: integer 4 … 256: positions shown. Default: 64. */
  positions: number;
  /** `max-positions`: integer 1 … 1024: the learned table's rows, max_position_embeddings; a loaded table sets it. Default: 48. */
  maxPositions: number;
  /** `position`: integer 0 … 1,000,000: the position asked about, past the context length. Default: 60. */
  position: number;
  /** `base`: number 1.0001 … 10^12: the base b of the angles (rope_theta). Default: 10000. */
  base: number;
  /** `pairing`: 'interleaved' | 'half': RoPE's pairs: (2i, 2i + 1), or i with i + head_dim / 2. Default: 'interleaved'. */
  pairing: 'interleaved' | 'half';
  /** `seed`: integer 0 … 4,294,967,295: the untrained table, q and k. Default: 0. */
  seed: number;
  /** `src`: URL of a learned table: a .npy file of float32 [positions, d_model]. Default: none: a freshly initialised, untrained table. */
  src: string;
  // </attributes>
  /** Numbers of the latest render, all from the module: pe (positions x dModel), learned (its rows x
   * dModel), learnedShown (positions x dModel, NaN past its rows), q and k rotated to every position,
   * the similarity matrices (positions x positions) and the largest change along their diagonals. */
  readonly data: {
    pe: Float32Array; learned: Float32Array; learnedShown: Float32Array; q: Float32Array; k: Float32Array;
    qVector: Float32Array; sims: { sin: Float64Array; learned: Float64Array; rope: Float64Array };
    spreads: { sin: number; learned: number; rope: number };
    pairing: { interleaved: Float32Array; half: Float32Array; columnDiff: Float32Array; permutedDiff: number };
  } | null;
}

export type FfnActivation = Activation;

/** <ffn-explorer>: the FFN's hourglass, shared rows, activations. */
export interface FfnExplorerElement extends PeFfnElementBase {
  // <attributes ffn-explorer>
  /** `d-model`: integer 1 … 64: d_model, the length of every vector. Default: 8. */
  dModel: number;
  /** `d-ff`: integer 1 … 256: d_ff, the width of the FFN's hidden layer. Default: 32. Also dFF. */
  dFf: number;
  /** The same as dFf. */
  dFF: number;
  /** `activation`: 'relu' | 'gelu' | 'gelu_tanh' | 'silu': the activation between the two layers. Default: 'relu'. */
  activation: 'relu' | 'gelu' | 'gelu_tanh' | 'silu';
  /** `tokens`: integer 1 … 16: token rows. Default: 4. */
  tokens: number;
  /** `seed`: integer 0 … 4,294,967,295: the FFN weights; the token embeddings use seed + 1. Default: 0. */
  seed: number;
  // </attributes>
  /** Numbers of the latest render: input h = x + PE (tokens x dModel), pre = xW1 + b1 and
   * hidden = act(pre) (tokens x dFF), output (tokens x dModel), the module's paramCount. */
  readonly result: {
    input: Float32Array; pre: Float32Array; hidden: Float32Array; output: Float32Array; paramCount: number;
  } | null;
}

/** One row of <ffn-tradeoff>: a d_ff multiple with its parameters and measured latency (null until known). */
export interface FfnTradeoffRow {
  multiple: number;
  /** d_ff of this row: multiple × d_model. */
  dFF: number;
  params: number | null;
  latencyMs: number | null;
}

/** <ffn-tradeoff>: parameters, FLOPs and live latency for d_ff = 1x..8x. */
export interface FfnTradeoffElement extends PeFfnElementBase {
  // <attributes ffn-tradeoff>
  /** `d-model`: integer 16 … 768: d_model, the length of every vector. Default: 256. */
  dModel: number;
  /** `layers`: integer 1 … 24: FFN layers in a row. Default: 4. */
  layers: number;
  /** `tokens`: integer 1 … 128: tokens passed through the layers. Default: 32. */
  tokens: number;
  /** `repetitions`: integer 3 … 15: timed samples per d_ff (the median is shown). Default: 5. */
  repetitions: number;
  // </attributes>
  readonly rows: FfnTradeoffRow[];
}

/** One encoder block's arrays as <block-flow> keeps them (every one a Float32Array from the module). */
export interface BlockFlowBlock {
  /** The block's weight seed: the element's seed for block 1, + 2 for block 2. */
  seed: number;
  /** tokens x dModel: h = x + PE for block 1, block 1's output for block 2 (PE is not added again). */
  input: Float32Array;
  output: Float32Array;
  /** The trace of createEncoderBlock(...).forward(input, { trace: true }). */
  trace: { q: Float32Array; k: Float32Array; v: Float32Array; scores: Float32Array; weights: Float32Array;
    attention: Float32Array; h1: Float32Array; ffn: Float32Array; hidden: Float32Array };
  /** Steps 3 and 5: the residual path, the sub-layer's output, their sum, and the rows LayerNorm
   * normalises in that step with its result. */
  addNorm: Array<{ input: Float32Array; branch: Float32Array; sum: Float32Array; normIn: Float32Array; normOut: Float32Array }>;
  /** What the FFN is fed: h1 (post-norm) or LN2(h1) (pre-norm). */
  ffnIn: Float32Array;
  eps: number;
  paramCount: number;
}

/** <block-flow>: one encoder block (or two in a row) as a five-step stepper, every number from the
 * module. */
export interface BlockFlowElement extends PeFfnElementBase {
  // <attributes block-flow>
  /** `tokens`: integer 1 … 10: tokens of the sentence. Default: 6. */
  tokens: number;
  /** `d-model`: integer 2 … 16: d_model, the length of every vector. Default: 8. */
  dModel: number;
  /** `heads`: integer 1 … 8: attention heads; one that does not divide d-model is lowered to the largest that does, with a note. Default: 2. */
  heads: number;
  /** `d-ff`: integer 1 … 64: d_ff, the width of the FFN's hidden layer. Default: 32. Also dFF. */
  dFf: number;
  /** The same as dFf. */
  dFF: number;
  /** `activation`: 'relu' | 'gelu': the FFN's activation. Default: 'relu'. */
  activation: 'relu' | 'gelu';
  /** `norm`: 'post' | 'pre': where LayerNorm goes: after the residual sum (the paper's order) or before the sub-layer (GPT-2's). Default: 'post'. */
  norm: 'post' | 'pre';
  /** `causal`: boolean (present = on): the causal mask (each token attends to itself and the tokens before it). Default: off. */
  causal: boolean;
  /** `blocks`: integer 1 … 2: blocks in a row; the second takes the first one's output. Default: 1. */
  blocks: number;
  /** `seed`: integer 0 … 4,294,967,295: the weights of block 1; block 2 uses seed + 2, the embedding seed + 1. Default: 0. */
  seed: number;
  /** `step`: integer 1 … 5: the step shown: 1 embedding + PE, 2 attention, 3 Add & Norm, 4 FFN, 5 Add & Norm. Default: 1. */
  step: number;
  // </attributes>
  /** Numbers of the latest render: the token ids, embedding x, PE, h = x + PE (tokens x dModel), the
   * embedding's seed, and each block's arrays. */
  readonly data: { ids: number[]; x: Float32Array; pe: Float32Array; h: Float32Array; eseed: number; blocks: BlockFlowBlock[] } | null;
}

/** The identity of one run of <pe-lab>: its position scheme, causal mask and d_ff. */
export interface PeLabRunKey {
  scheme: PositionScheme;
  causal: boolean;
  dFF: number;
}

/** Detail of `pe-lab-progress`: a held-out evaluation of every run (loss and token accuracy). */
export interface PeLabProgressDetail {
  step: number;
  runs: (PeLabRunKey & { loss: number; accuracy: number })[];
}

/** Detail of `pe-lab-done`: every run's final test. */
export interface PeLabDoneDetail {
  steps: number;
  /** Wall-clock seconds of the training, pauses left out. */
  seconds: number;
  runs: (PeLabRunKey & {
    loss: number;
    accuracy: number;
    /** Accuracy at each tested length (experiment `longer`); null where the model has no row. */
    accuracyByLength: { length: number; accuracy: number | null }[] | null;
    /** The training loss of every step. */
    losses: Float64Array;
    /** The run's own training time in its worker. */
    seconds: number;
    params: number;
  })[];
}

/** <pe-lab>: the position lab: a small Transformer trained in Web Workers, every position scheme side
 * by side, four experiments (see docs/elements.md). */
export interface PeLabElement extends PeFfnElementBase {
  // <attributes pe-lab>
  /** `experiment`: 'position' | 'longer' | 'inside' | 'dff': position: every scheme with and without the causal mask; longer: trained on lengths up to `length`, tested up to twice that; inside: the learned table and the attention maps; dff: several d_ff. Default: 'position'. */
  experiment: 'position' | 'longer' | 'inside' | 'dff';
  /** `task`: 'copy' | 'reverse' | 'sort' | 'first': the training task (src/js/tasks.js). Default: the experiment's: reverse (position), reverse (longer), reverse (inside), sort (dff). */
  task: 'copy' | 'reverse' | 'sort' | 'first';
  /** `schemes`: comma list of none, sinusoidal, learned, rope, alibi. Default: the experiment's: none,sinusoidal,learned,rope,alibi (position), none,sinusoidal,learned,rope,alibi (longer), sinusoidal,learned (inside), sinusoidal (dff). */
  schemes: string;
  /** `causal`: 'both' | 'on' | 'off': the causal mask: runs without and with it, or only one. Default: the experiment's: both (position), on (longer), off (inside), off (dff). */
  causal: 'both' | 'on' | 'off';
  /** `length`: integer 2 … 16: symbols of the input part in training (experiment longer: the longest). Default: 8. */
  length: number;
  /** `steps`: integer 10 … 5000: training steps of every run. Default: the experiment's: 500 (position), 1500 (longer), 400 (inside), 300 (dff). */
  steps: number;
  /** `seed`: integer 0 … 4,294,967,295: the weights and the batches (the same for every run). Default: 0. */
  seed: number;
  /** `d-model`: integer 8 … 128: d_model, the length of every vector. Default: 32. */
  dModel: number;
  /** `heads`: integer 1 … 8: attention heads; lowered to a divisor of d-model (with an even head dimension for RoPE), with a note. Default: 2. */
  heads: number;
  /** `d-ff`: d_ff, the width of the FFN's hidden layer: a comma list of integers 1 … 1024, one run per value. Default: the experiment's: 128 (position), 128 (longer), 128 (inside), 8,32,128,512 (dff). Also dFF. */
  dFf: string;
  /** The same as dFf. */
  dFF: string;
  /** `layers`: integer 1 … 4: encoder blocks. Default: 2. */
  layers: number;
  /** `url-params`: prefix of the share link's parameters (lab-seed …); none: the lab neither reads nor writes the URL. Default: 'lab'. */
  urlParams: string;
  // </attributes>
  /** Starts training the current settings (or resumes a paused run). */
  start(): Promise<void>;
  pause(): void;
  /** Stops the workers and clears the results. */
  reset(): void;
  /** The latest run: its plan, evaluated points, final results, losses and seconds (null before). */
  readonly results: Record<string, unknown> | null;
}

/** An element class of this package (also usable to register the element under another tag). */
export interface PeFfnElementClass<T extends HTMLElement> {
  new (): T;
  readonly prototype: T;
  /** Registers the class under `tag` (default: its own tag name); does nothing if the tag is taken. */
  define(tag?: string): void;
}

export const PeTable: PeFfnElementClass<PeTableElement>;
export const PeHeatmap: PeFfnElementClass<PeHeatmapElement>;
export const PeClock: PeFfnElementClass<PeClockElement>;
export const PeRelative: PeFfnElementClass<PeRelativeElement>;
export const PeAdd: PeFfnElementClass<PeAddElement>;
export const PeCompare: PeFfnElementClass<PeCompareElement>;
export const PeLab: PeFfnElementClass<PeLabElement>;

/** Detail of the `pe-ffn-change` event fired when the learner changes a value through a control. */
export interface PeFfnChangeDetail {
  name: string;
  value: string | number | boolean;
}

/** xAPI-shaped statement sent with the `answered` and `completed` events of <pe-ffn-quiz>. */
export interface PeFfnQuizStatement {
  verb: { id: string; display: Record<string, string> };
  object: { objectType: 'Activity'; id: string; definition: { name: Record<string, string>; type: string; interactionType?: string } };
  result: {
    success: boolean;
    response?: string;
    completion?: boolean;
    score: { raw: number; min: number; max: number; scaled: number };
  };
  context: { language: string; extensions: Record<string, unknown> };
  timestamp: string;
}

/** Detail of `quiz-complete`. */
export interface PeFfnQuizCompleteDetail {
  score: number;
  total: number;
  percent: number;
  seed: string;
  topic: string;
  answers: { id: string; input: string | number; correct: boolean; revealed: boolean; expected: string }[];
}

/** <pe-ffn-quiz>: the quiz (bank + generated practice), see its file header. */
export interface PeFfnQuizElement extends PeFfnElementBase {
  // <attributes pe-ffn-quiz>
  /** `src`: URL of a bank JSON (fetched and validated). Default: the built-in bank. */
  src: string;
  /** `topic`: the questions' topic: all, document, pe, ffn, practice, a generated topic (pe-value …) or a section id. Default: 'all'. */
  topic: string;
  /** `count`: integer 1 … 50: questions in a set. Default: 12 (topic document: all its examples). */
  count: number;
  /** `seed`: any text or number: the same seed gives the same set. Default: a random seed kept with the progress. */
  seed: string;
  /** `mode`: 'one' | 'all': one question at a time, or all at once. Default: 'one'. */
  mode: 'one' | 'all';
  /** `url-params`: prefix of the share link's parameters (quiz-seed …); none: the quiz neither reads nor writes the URL. Default: 'quiz'. */
  urlParams: string;
  /** `tutorial`: address of the tutorial page: each question's source label then links to the section that teaches it. Default: none: a plain label. */
  tutorial: string;
  /** `heading`: the quiz's heading. Default: the title of the bank file (src), else the quiz's own title. */
  heading: string;
  /** `learner-view`: boolean (present = on): for learners whose record an LMS keeps: no seed line and no reset. Default: off. */
  learnerView: boolean;
  // </attributes>
  /** The questions of the current set, in the bank format of pe-ffn-wasm/quiz. */
  readonly currentQuestions: Record<string, unknown>[];
}

declare global {
  interface HTMLElementTagNameMap {
    'pe-table': PeTableElement;
    'pe-heatmap': PeHeatmapElement;
    'pe-clock': PeClockElement;
    'pe-relative': PeRelativeElement;
    'pe-add': PeAddElement;
    'pe-compare': PeCompareElement;
    'ffn-explorer': FfnExplorerElement;
    'ffn-tradeoff': FfnTradeoffElement;
    'block-flow': BlockFlowElement;
    'pe-ffn-quiz': PeFfnQuizElement;
    'pe-lab': PeLabElement;
  }
  interface HTMLElementEventMap {
    'pe-ffn-change': CustomEvent<PeFfnChangeDetail>;
    'pe-ffn-render': CustomEvent<Record<string, never>>;
    'ffn-tradeoff-measured': CustomEvent<{ rows: FfnTradeoffRow[] }>;
    'pe-compare-table': CustomEvent<PeCompareTableDetail>;
    'answered': CustomEvent<PeFfnQuizStatement>;
    'completed': CustomEvent<PeFfnQuizStatement>;
    'quiz-complete': CustomEvent<PeFfnQuizCompleteDetail>;
    'pe-lab-progress': CustomEvent<PeLabProgressDetail>;
    'pe-lab-done': CustomEvent<PeLabDoneDetail>;
  }
  interface DocumentEventMap {
    'pe-ffn-lang': CustomEvent<{ lang: 'ko' | 'en' }>;
  }
}
