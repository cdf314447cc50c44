// Type declarations for pe-ffn-wasm (the contract is docs/API.md; README.md has a tour).

/** Where init() gets the WebAssembly module from. A string is a URL, or in Node also a file path. */
export type WasmSource = ArrayBuffer | Uint8Array | URL | string | Response | WebAssembly.Module;

export interface InitOptions {
  /** Defaults to the .wasm shipped next to the package (`pe-ffn-wasm/pe_ffn.wasm`). */
  wasm?: WasmSource;
}

/** n float32 values inside the module's linear memory, shared with C without copies. */
export interface Tensor {
  /** Byte address in `core.memory`. */
  readonly ptr: number;
  /** Number of float32 values. */
  readonly length: number;
  /** A view of the values; rebuilt after the memory grows. Throws after free(). */
  readonly data: Float32Array;
  /** Frees the values; a second call throws. */
  free(): void;
}

/**
 * Anything the API accepts as float32 data: a Float32Array or a tensor. A Float32Array that views
 * core.memory must lie wholly inside one live tensor (a RangeError otherwise); its buffer, offset
 * and length are read from the array itself, never from properties defined on it.
 */
export type FloatData = Float32Array | Tensor;

export type PELayout = 'interleaved' | 'concat';
export type Activation = 'relu' | 'gelu' | 'gelu_tanh' | 'silu';

export interface PEOptions {
  /** Finite number > 1; default 10000. */
  base?: number;
  /** 'interleaved' (default): sin, cos, sin, cos ...; 'concat': all sines, then all cosines. */
  layout?: PELayout;
}

export interface PETableOptions extends PEOptions {
  /** First position; integer 0 .. 2147483647, default 0. */
  offset?: number;
}

export interface PEOutOptions<T extends FloatData> extends PETableOptions {
  /** Written in place and returned; exactly length * dModel values. */
  out: T;
}

/** RoPE pairings: 'interleaved' (columns 2i, 2i + 1 of a head) or 'half' (columns i, i + headDim / 2). */
export type RotaryLayout = 'interleaved' | 'half';

export interface RotaryOptions {
  /** Values per head: an even integer from 2 to dModel that divides dModel; default dModel. */
  headDim?: number;
  /** Finite number > 1; default 10000 (LLaMA 3: 500000). */
  base?: number;
  /** Position of the first row; integer 0 .. 2147483647, default 0. */
  offset?: number;
  /** 'interleaved' (default: RoFormer, GPT-J, Meta's LLaMA code) or 'half' (GPT-NeoX, Hugging Face's rotate_half). */
  layout?: RotaryLayout;
}

export interface RotaryOutOptions<T extends FloatData> extends RotaryOptions {
  /** Receives the rotated rows (length * dModel values, not sharing memory with x) and is returned; x is left unchanged. */
  out: T;
}

export interface FFNOptions {
  /** Integer 1 .. 65536. */
  dModel: number;
  /** Integer 1 .. 65536 (usually 4 * dModel). */
  dFF: number;
  /** Default 'relu'. */
  activation?: Activation;
  /** dModel * dFF values, row-major [dModel][dFF]; given together with w2. Copied in. */
  w1?: FloatData;
  /** dFF values; default zeros (or drawn from the seed when w1/w2 are not given). */
  b1?: FloatData;
  /** dFF * dModel values, row-major [dFF][dModel]; given together with w1. Copied in. */
  w2?: FloatData;
  /** dModel values; default zeros (or drawn from the seed). */
  b2?: FloatData;
  /** Integer 0 .. 4294967295, default 0: the Mulberry32 seed of the weights when w1/w2 are not given. */
  seed?: number;
}

export interface ForwardOptions<T extends FloatData = FloatData> {
  /** Receives the output (tokens * dModel values); must not share memory with x. */
  out?: T;
  /** Also return act(x W1 + b1), tokens * dFF values. */
  hidden?: boolean;
  /** Also return the pre-activations z = x W1 + b1, tokens * dFF values (act(z) is `hidden` exactly). */
  preActivation?: boolean;
}

export interface ForwardWithHidden<T> {
  output: T;
  hidden: Float32Array;
}

export interface ForwardWithPreActivation<T> {
  output: T;
  /** Present when `hidden: true` was asked for too. */
  hidden?: Float32Array;
  preActivation: Float32Array;
}

/** A position-wise feed-forward layer: FFN(x) = act(x W1 + b1) W2 + b2 for every token of x. */
export interface FFN {
  readonly dModel: number;
  readonly dFF: number;
  readonly activation: Activation;
  /** 2 * dModel * dFF + dFF + dModel. */
  readonly paramCount: number;
  forward(x: FloatData, options?: { hidden?: false; out?: undefined }): Float32Array;
  forward<T extends FloatData>(x: FloatData, options: { out: T; hidden?: false }): T;
  forward(x: FloatData, options: { hidden: true; out?: undefined }): ForwardWithHidden<Float32Array>;
  forward<T extends FloatData>(x: FloatData, options: { out: T; hidden: true }): ForwardWithHidden<T>;
  forward(x: FloatData, options: { preActivation: true; hidden?: boolean; out?: undefined }): ForwardWithPreActivation<Float32Array>;
  forward<T extends FloatData>(x: FloatData, options: { out: T; preActivation: true; hidden?: boolean }): ForwardWithPreActivation<T>;
  forward(x: FloatData, options?: ForwardOptions): Float32Array | FloatData | ForwardWithHidden<FloatData> | ForwardWithPreActivation<FloatData>;
  /** Frees the layer; safe to call twice. forward() afterwards throws. */
  dispose(): void;
}

export interface LayerNormOptions<T extends FloatData = FloatData> {
  /** dModel values; default all ones. */
  gamma?: FloatData;
  /** dModel values; default zeros. */
  beta?: FloatData;
  /** Finite number > 0; default 1e-5. */
  eps?: number;
  /** Receives the result (exactly x.length values); must not share memory with x. */
  out?: T;
}

export type BlockNorm = 'post' | 'pre';

export interface EncoderBlockOptions {
  /** Integer 1 .. 4096. */
  dModel: number;
  /** Integer 1 .. dModel that divides dModel; headDim = dModel / heads. */
  heads: number;
  /** Integer 1 .. 65536. */
  dFF: number;
  /** The FFN's activation; default 'relu'. */
  activation?: Activation;
  /** 'post' (default): h1 = LN1(x + Attn(x)), y = LN2(h1 + FFN(h1)); 'pre': h1 = x + Attn(LN1(x)), y = h1 + FFN(LN2(h1)). */
  norm?: BlockNorm;
  /** true: token i attends to tokens 0 .. i only. Default false. */
  causal?: boolean;
  /** The layer norms' eps: finite number > 0, default 1e-5. */
  eps?: number;
  /** Integer 0 .. 4294967295, default 0: the Mulberry32 seed of the weights when the matrices are not given. */
  seed?: number;
  /** dModel * dModel values each, row-major [in][out]; the six matrices wq, wk, wv, wo, w1, w2 come together. */
  wq?: FloatData;
  wk?: FloatData;
  wv?: FloatData;
  wo?: FloatData;
  /** dModel * dFF values, row-major [dModel][dFF]. */
  w1?: FloatData;
  /** dFF * dModel values, row-major [dFF][dModel]. */
  w2?: FloatData;
  /** dModel values each; default zeros (or drawn from the seed). */
  bq?: FloatData;
  bk?: FloatData;
  bv?: FloatData;
  bo?: FloatData;
  /** dFF values; default zeros (or drawn from the seed). */
  b1?: FloatData;
  /** dModel values; default zeros (or drawn from the seed). */
  b2?: FloatData;
  /** dModel values each; gammas default to ones, betas to zeros (never drawn). */
  gamma1?: FloatData;
  beta1?: FloatData;
  gamma2?: FloatData;
  beta2?: FloatData;
}

/** Every intermediate array of a block forward (the caller's own copies). */
export interface EncoderBlockTrace {
  /** a Wq + bq, a Wk + bk, a Wv + bv: tokens * dModel each (a = x, or LN1(x) with norm 'pre'). */
  q: Float32Array;
  k: Float32Array;
  v: Float32Array;
  /** The scaled scores Q_i . K_j / sqrt(headDim), before the mask: heads * tokens * tokens, [h][i][j]. */
  scores: Float32Array;
  /** After the mask and softmax (masked ones 0, every row sums to 1): heads * tokens * tokens, [h][i][j]. */
  weights: Float32Array;
  /** Attn(a): tokens * dModel. */
  attention: Float32Array;
  /** After the first residual (and LN1 with norm 'post'): tokens * dModel. */
  h1: Float32Array;
  /** act(z W1 + b1) of the FFN's input z: tokens * dFF. */
  hidden: Float32Array;
  /** FFN(z), before the second residual: tokens * dModel. */
  ffn: Float32Array;
}

export interface EncoderBlockResult<T> {
  output: T;
  trace: EncoderBlockTrace;
}

/** One Transformer encoder block: self-attention, Add & Norm, the FFN, Add & Norm. */
export interface EncoderBlock {
  readonly dModel: number;
  readonly heads: number;
  readonly headDim: number;
  readonly dFF: number;
  readonly activation: Activation;
  readonly norm: BlockNorm;
  readonly causal: boolean;
  readonly eps: number;
  /** 4 * dModel^2 + 2 * dModel * dFF + dFF + 9 * dModel. */
  readonly paramCount: number;
  forward(x: FloatData, options?: { trace?: false; out?: undefined }): Float32Array;
  forward<T extends FloatData>(x: FloatData, options: { out: T; trace?: false }): T;
  forward(x: FloatData, options: { trace: true; out?: undefined }): EncoderBlockResult<Float32Array>;
  forward<T extends FloatData>(x: FloatData, options: { out: T; trace: true }): EncoderBlockResult<T>;
  forward(x: FloatData, options?: { out?: FloatData; trace?: boolean }): FloatData | EncoderBlockResult<FloatData>;
  /** Frees the block; safe to call twice. forward() afterwards throws. */
  dispose(): void;
}

/** One independent instance of the module, with its own linear memory. */
export interface PeFfnCore {
  /** The memory JavaScript and C share. */
  readonly memory: WebAssembly.Memory;
  /** The package version. */
  readonly version: string;
  /** n float32 values inside `memory` (n = 0 allowed). */
  alloc(n: number): Tensor;
  /** The sinusoidal table, row-major [t][j], length * dModel values. */
  positionalEncoding(length: number, dModel: number, options?: PETableOptions & { out?: undefined }): Float32Array;
  positionalEncoding<T extends FloatData>(length: number, dModel: number, options: PEOutOptions<T>): T;
  /** x += PE in place; returns x. */
  addPositionalEncoding<T extends FloatData>(x: T, length: number, dModel: number, options?: PETableOptions): T;
  /** One entry PE(position, j) in double precision. */
  peValue(position: number, j: number, dModel: number, options?: PEOptions): number;
  /**
   * Rotary position embedding: each head's pair i of row t turns by (t + offset) / base^(2i / headDim).
   * Without out, x is rotated in place and returned.
   */
  applyRotary<T extends FloatData>(x: T, length: number, dModel: number, options?: RotaryOptions & { out?: undefined }): T;
  applyRotary<T extends FloatData>(x: FloatData, length: number, dModel: number, options: RotaryOutOptions<T>): T;
  /** The RoPE angle position / base^(2 pair / headDim) in double precision (pair 0 .. headDim / 2 - 1). */
  rotaryAngle(position: number, pair: number, headDim: number, options?: { base?: number }): number;
  /** A feed-forward layer that owns its weights in the module's memory. */
  createFFN(options: FFNOptions): FFN;
  /** Each row of dModel values normalised as PyTorch's nn.LayerNorm(dModel); a new array, or `out`. */
  layerNorm(x: FloatData, dModel: number, options?: LayerNormOptions & { out?: undefined }): Float32Array;
  layerNorm<T extends FloatData>(x: FloatData, dModel: number, options: LayerNormOptions<T> & { out: T }): T;
  /** A Transformer encoder block that owns its weights in the module's memory. */
  createEncoderBlock(options: EncoderBlockOptions): EncoderBlock;
}

/** Loads the module; each call returns an independent instance. Rejects (never throws) on bad input. */
export function init(options?: InitOptions): Promise<PeFfnCore>;

/** The package version (the same as `core.version`). */
export const version: string;
