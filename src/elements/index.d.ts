// Types for `pe-ffn-wasm/elements`: importing the module registers the custom elements below.
import type { init } from '../js/index.js';

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

/** <pe-table length d-model base offset layout>: the PE table with per-cell formulas. */
export interface PeTableElement extends PeFfnElementBase {
  length: number;
  dModel: number;
  base: number;
  offset: number;
  layout: PeLayout;
}

/** <pe-heatmap length d-model base offset layout>: heat map, legend and waves of a few dimensions. */
export interface PeHeatmapElement extends PeFfnElementBase {
  length: number;
  dModel: number;
  base: number;
  offset: number;
  layout: PeLayout;
  /** Comma-separated columns for the wave chart ('' = four sine columns from fast to slow). */
  dims: string;
}

/** <pe-clock d-model base position layout>: each (sin, cos) pair as a clock hand. */
export interface PeClockElement extends PeFfnElementBase {
  dModel: number;
  base: number;
  position: number;
  layout: PeLayout;
}

/** <pe-relative length d-model base layout p k>: PE(p)·PE(q) and the rotation PE(p) -> PE(p+k). */
export interface PeRelativeElement extends PeFfnElementBase {
  length: number;
  dModel: number;
  base: number;
  layout: PeLayout;
  p: number;
  k: number;
}

/** <pe-add d-model base layout seed sentence-a sentence-b>: h = x + PE for two word orders. */
export interface PeAddElement extends PeFfnElementBase {
  dModel: number;
  base: number;
  layout: PeLayout;
  seed: number;
  sentenceA: string;
  sentenceB: string;
  /** Which sentence the x + PE = h tables show. */
  show: 'a' | 'b';
  /** Compare the two sentences without PE ('x') or with it ('h'). */
  compare: 'x' | 'h';
}

/** Detail of `pe-compare-table`: the learned table changed (or a .npy could not be loaded: `error`). */
export interface PeCompareTableDetail {
  source: 'file' | 'src' | 'fresh';
  positions?: number;
  dModel?: number;
  error?: string;
}

/** <pe-compare d-model head-dim positions max-positions position base pairing seed src>: sinusoidal,
 * learned and RoPE side by side, past the trained length, similarity matrices, RoPE's two pairings,
 * and a learned table loaded from a .npy file (float32 [positions, d_model]). */
export interface PeCompareElement extends PeFfnElementBase {
  dModel: number;
  headDim: number;
  positions: number;
  /** The learned table's rows (max_position_embeddings); a loaded table sets it. */
  maxPositions: number;
  /** The position asked about in "past the trained length". */
  position: number;
  base: number;
  pairing: 'interleaved' | 'half';
  seed: number;
  /** URL of a .npy learned table ('' = the freshly initialised, untrained one). */
  src: string;
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

export type FfnActivation = 'relu' | 'gelu' | 'gelu_tanh' | 'silu';

/** <ffn-explorer d-model d-ff activation tokens seed>: the FFN's hourglass, shared rows, activations. */
export interface FfnExplorerElement extends PeFfnElementBase {
  dModel: number;
  /** The d-ff attribute (also reachable as dFf). */
  dFF: number;
  activation: FfnActivation;
  tokens: number;
  seed: number;
  /** Numbers of the latest render: input h = x + PE (tokens x dModel), pre = xW1 + b1 and
   * hidden = act(pre) (tokens x dFF), output (tokens x dModel), the module's paramCount. */
  readonly result: {
    input: Float32Array; pre: Float32Array; hidden: Float32Array; output: Float32Array; paramCount: number;
  } | null;
}

/** One row of <ffn-tradeoff>: a d_ff multiple with its parameters and measured latency (null until known). */
export interface FfnTradeoffRow {
  multiple: number;
  /** The d-ff attribute (also reachable as dFf). */
  dFF: number;
  params: number | null;
  latencyMs: number | null;
}

/** <ffn-tradeoff d-model layers tokens repetitions>: parameters, FLOPs and live latency for d_ff = 1x..8x. */
export interface FfnTradeoffElement extends PeFfnElementBase {
  dModel: number;
  layers: number;
  tokens: number;
  repetitions: number;
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

/** <block-flow tokens d-model heads d-ff activation norm causal blocks seed step>: one encoder block
 * (or two in a row) as a five-step stepper, every number from the module. */
export interface BlockFlowElement extends PeFfnElementBase {
  tokens: number;
  dModel: number;
  /** Attention heads; a value that does not divide d-model is lowered to the largest that does. */
  heads: number;
  /** The d-ff attribute (also reachable as dFf). */
  dFF: number;
  activation: 'relu' | 'gelu';
  /** 'post' (the paper's and the documents' order) or 'pre' (GPT-2's). */
  norm: 'post' | 'pre';
  causal: boolean;
  /** 1 or 2 blocks in a row. */
  blocks: number;
  seed: number;
  /** 1 embedding + PE, 2 attention, 3 Add & Norm, 4 FFN, 5 Add & Norm. */
  step: number;
  /** Numbers of the latest render: the token ids, embedding x, PE, h = x + PE (tokens x dModel), the
   * embedding's seed, and each block's arrays. */
  readonly data: { ids: number[]; x: Float32Array; pe: Float32Array; h: Float32Array; eseed: number; blocks: BlockFlowBlock[] } | null;
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

/** <pe-ffn-quiz src topic count seed mode url-params tutorial>: the quiz (bank + generated practice), see its file header. */
export interface PeFfnQuizElement extends PeFfnElementBase {
  src: string;
  topic: string;
  count: number;
  seed: string;
  mode: 'one' | 'all';
  /** Prefix of the share link's URL parameters (`quiz` -> quiz-seed, quiz-topic, quiz-count); 'none': ignore the URL. */
  urlParams: string;
  /** Address of the tutorial page; each question's source label links to the section that teaches it. */
  tutorial: string;
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
  }
  interface HTMLElementEventMap {
    'pe-ffn-change': CustomEvent<PeFfnChangeDetail>;
    'pe-ffn-render': CustomEvent<Record<string, never>>;
    'ffn-tradeoff-measured': CustomEvent<{ rows: FfnTradeoffRow[] }>;
    'pe-compare-table': CustomEvent<PeCompareTableDetail>;
    'answered': CustomEvent<PeFfnQuizStatement>;
    'completed': CustomEvent<PeFfnQuizStatement>;
    'quiz-complete': CustomEvent<PeFfnQuizCompleteDetail>;
  }
  interface DocumentEventMap {
    'pe-ffn-lang': CustomEvent<{ lang: 'ko' | 'en' }>;
  }
}
