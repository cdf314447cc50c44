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

/** How a trainable Transformer sees positions (API.md, "Training a small Transformer"). */
export type PositionScheme = 'sinusoidal' | 'learned' | 'rope' | 'alibi' | 'none';

/** Token ids (or targets, -1 for "not counted"): batch * T integers. */
export type TokenData = Int32Array | Uint8Array | Uint16Array | Uint32Array | readonly number[];

export interface TransformerOptions {
  /** Integer 2 .. 65,536 (required). */
  vocab: number;
  /** Integer 1 .. 1,024 (required). */
  dModel: number;
  /** Divides dModel, default 1; with 'rope' dModel / heads must be even. */
  heads?: number;
  /** Integer 1 .. 65,536, default 4 * dModel. */
  dFF?: number;
  /** Integer 1 .. 64, default 1. */
  layers?: number;
  /** The longest sequence: integer 1 .. 4,096, default 512. */
  maxLength?: number;
  /** Default 'sinusoidal'. */
  position?: PositionScheme;
  /** Default false: with true, position t sees positions 0 .. t only. */
  causal?: boolean;
  /** Default 'post'. */
  norm?: BlockNorm;
  /** Default 'relu'. */
  activation?: Activation;
  /** Every layer norm's eps: finite > 0, default 1e-5. */
  eps?: number;
  /** Integer 0 .. 4,294,967,295, default 0: the seeded initialisation's stream. */
  seed?: number;
}

/** The resolved options (every default filled in). */
export interface TransformerConfig {
  readonly vocab: number;
  readonly dModel: number;
  readonly heads: number;
  readonly dFF: number;
  readonly layers: number;
  readonly maxLength: number;
  readonly position: PositionScheme;
  readonly causal: boolean;
  readonly norm: BlockNorm;
  readonly activation: Activation;
  readonly eps: number;
  readonly seed: number;
}

export interface TransformerCallOptions {
  /** Sequences in tokens (each T = tokens.length / batch long): integer from 1, default 1. */
  batch?: number;
}

/**
 * One layer's block trace: the arrays of EncoderBlockTrace with a leading batch dimension (q: batch *
 * T * dModel, scores and weights: batch * heads * T * T as [b][h][i][j], hidden: batch * T * dFF);
 * with 'rope' q and k are the rotated ones, with 'alibi' the scores include the bias.
 */
export type TransformerLayerTrace = EncoderBlockTrace;

export interface TransformerResult<T> {
  logits: T;
  trace: { layers: TransformerLayerTrace[] };
}

export interface TrainerOptions {
  /** Finite > 0, default 1e-3. */
  lr?: number;
  /** Each in [0, 1), default [0.9, 0.999]. */
  betas?: readonly [number, number];
  /** Finite > 0, default 1e-8. */
  eps?: number;
  /** Finite >= 0, default 0.01 (decoupled, as torch.optim.AdamW). */
  weightDecay?: number;
  /** Finite > 0: gradients scaled as torch.nn.utils.clip_grad_norm_ before each update; default none. */
  clipNorm?: number;
}

/** AdamW over all of a model's parameters, exactly as torch.optim.AdamW. */
export interface Trainer {
  /** Steps taken (a step that was not finite counts too). */
  readonly steps: number;
  /**
   * False when the last step's loss, or any parameter after its update, was NaN or infinite: the
   * training diverged (every later step computes from those values; save() then throws). True before
   * the first step.
   */
  readonly lastStepFinite: boolean;
  /** The number (1, 2, ...) of the first step that was not finite, or null while every step was. */
  readonly firstNonFiniteStep: number | null;
  /** The learning rate of the next steps; setting anything but a finite number > 0 is a RangeError. */
  lr: number;
  /** Forward, backward, clipping, AdamW on one batch; returns the loss before the update. */
  step(tokens: TokenData, targets: TokenData, options?: TransformerCallOptions): number;
  /** Frees the trainer; safe to call twice. step() afterwards throws. */
  dispose(): void;
}

/** model.createParallelTrainer's options: the trainer's, and how the work is shared. */
export interface ParallelTrainerOptions extends TrainerOptions {
  /** Integer 1 .. 64; default the machine's parallelism (hardwareConcurrency, os.availableParallelism()), at most 8. */
  workers?: number;
  /** Integer 1 .. 1024, default 8: a step splits the batch into min(shards, batch) contiguous groups. */
  shards?: number;
}

/**
 * A trainer whose steps compute the groups' gradients in module Web Workers (browsers) or worker_threads
 * (Node), by messages (no SharedArrayBuffer, no COOP/COEP). The groups' gradients of their summed
 * losses are added in float64 in group order, divided by the batch's count of targets, rounded to
 * float32 once, then clipped and applied by AdamW as trainer.step: bit-identical for any `workers`.
 */
export interface ParallelTrainer {
  /** Steps taken. */
  readonly steps: number;
  /** Workers training. */
  readonly workers: number;
  /** The most groups a batch is split into. */
  readonly shards: number;
  /** The learning rate of the next steps called; setting anything but a finite number > 0 is a RangeError. */
  lr: number;
  /**
   * One step; resolves to the loss before the update. Steps run in call order; while one is pending the
   * model's methods (dispose excepted) throw. Bad input rejects (TypeError/RangeError naming it) before
   * any worker is messaged; a failed worker rejects with an Error naming it, leaves the parameters as
   * they were and disposes the trainer.
   */
  step(tokens: TokenData, targets: TokenData, options?: { batch?: number }): Promise<number>;
  /** Terminates the workers and rejects pending steps; safe to call twice. */
  dispose(): Promise<void>;
}

/** A whole trainable Transformer (embedding, positions, encoder blocks, output layer) in the module. */
export interface Transformer {
  readonly config: TransformerConfig;
  readonly paramCount: number;
  /** Every parameter's name, in the contract's order ('embedding', 'layers.0.wq', ..., 'output.b'). */
  readonly parameterNames: readonly string[];
  /** [rows, cols] or [n]. */
  parameterShape(name: string): number[];
  /** A copy of the parameter's values, row-major. */
  getParameter(name: string): Float32Array;
  /** Copies values (exactly the parameter's size) in. */
  setParameter(name: string, values: FloatData): void;
  /** Logits, batch * T * vocab, [b][t][v]. */
  forward(tokens: TokenData, options?: TransformerCallOptions & { out?: undefined; trace?: false }): Float32Array;
  forward<T extends FloatData>(tokens: TokenData, options: TransformerCallOptions & { out: T; trace?: false }): T;
  forward(tokens: TokenData, options: TransformerCallOptions & { out?: undefined; trace: true }): TransformerResult<Float32Array>;
  forward<T extends FloatData>(tokens: TokenData, options: TransformerCallOptions & { out: T; trace: true }): TransformerResult<T>;
  forward(tokens: TokenData, options?: TransformerCallOptions & { out?: FloatData; trace?: boolean }): FloatData | TransformerResult<FloatData>;
  /** The mean cross-entropy over the targets that are not -1 (0 when none is). */
  loss(tokens: TokenData, targets: TokenData, options?: TransformerCallOptions): number;
  /** dloss/dp for every parameter, under the parameters' names. */
  gradients(tokens: TokenData, targets: TokenData, options?: TransformerCallOptions): { loss: number; grads: Record<string, Float32Array> };
  createTrainer(options?: TrainerOptions): Trainer;
  /** A trainer that trains on every core (disposed with the model); resolves once its workers are ready. */
  createParallelTrainer(options?: ParallelTrainerOptions): Promise<ParallelTrainer>;
  /**
   * A safetensors file: the parameters, and every option in __metadata__. A parameter holding NaN or
   * an infinity is a RangeError naming it.
   */
  save(): Uint8Array;
  /** Frees the model and its trainers; safe to call twice. config, paramCount, parameterNames stay readable. */
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
  /** A trainable Transformer with seeded parameters. */
  createTransformer(options: TransformerOptions): Transformer;
  /**
   * A model from a safetensors file that model.save() (or the Python safetensors package) wrote. An
   * Error for anything else: a header over its bounds (1 MiB, 16,384 keys, 1,024 metadata keys), a
   * metadata that lacks an option (all but seed are required), a weight that is NaN or infinite.
   */
  loadTransformer(bytes: Uint8Array | ArrayBuffer): Transformer;
}

/** Loads the module; each call returns an independent instance. Rejects (never throws) on bad input. */
export function init(options?: InitOptions): Promise<PeFfnCore>;

/** The package version (the same as `core.version`). */
export const version: string;

/** The training tasks of `createTask` (docs/API.md, "Training tasks"). */
export type TaskName = 'copy' | 'reverse' | 'sort' | 'first';
export const TASK_NAMES: readonly TaskName[];

export interface TaskOptions {
  /** The model's vocabulary: 4 .. 65,536 (first: 5 ..), default 16. */
  vocab?: number;
  /** Symbols in the input part while training: 1 .. 255 (first: 2 ..), default 8. */
  length?: number;
  /** Integer 0 .. 4,294,967,295, default 0. */
  seed?: number;
}

/** `batch` sequences of `length` tokens each, row-major; targets -1 where nothing is asked. */
export interface TaskBatch {
  tokens: Int32Array;
  targets: Int32Array;
  batch: number;
  length: number;
}

export interface TaskStats {
  /** Tokens per sequence (the model's T). */
  sequenceLength: number;
  /** Accuracy of guessing an answer token without looking: 1 / symbols (first: 1/2). */
  chance: number;
  /** The expected accuracy a model without position information and without a causal mask cannot beat. */
  positionBlindBound: number;
}

export interface Task {
  readonly name: TaskName;
  readonly vocab: number;
  readonly length: number;
  readonly seed: number;
  /** How many symbols the input part draws from. */
  readonly symbols: number;
  /** Tokens per training sequence. */
  readonly sequenceLength: number;
  readonly chance: number;
  readonly positionBlindBound: number;
  /** The same figures for an input part of `length` symbols. */
  stats(length: number): TaskStats;
  /** The next n training sequences of the task's seeded stream. */
  batch(n: number): TaskBatch;
  /** n sequences of `length` symbols, the same for the same seed and length whatever was drawn before. */
  testSet(length: number, n: number): TaskBatch;
  /** A short label of a token: '|' separator, '?' query, 'A'/'B' marks, then 'a' .. 'z', 's26', ... */
  label(token: number): string;
}

/** A seeded training task: separator, input part, separator, one query per answer slot; answers as targets. */
export function createTask(name: TaskName, options?: TaskOptions): Task;

/** Token accuracy of logits [row][vocab] against targets (-1 not counted), by arg-max; a target outside -1 .. vocab - 1 is a RangeError. */
export function tokenAccuracy(logits: Float32Array | Float64Array, targets: Int32Array | number[], vocab: number):
  { accuracy: number; correct: number; counted: number };

/**
 * A self-contained Python program (offer it as `model.py`) that rebuilds the model in PyTorch and
 * loads the file `model.save()` wrote: `python3 model.py model.safetensors 3 1 4 [--double] [--json out]`.
 */
export function pytorchScript(config: TransformerOptions): string;
