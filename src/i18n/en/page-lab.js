// The tutorial page's section on the position lab (English), after the RoPE section: the documents'
// claim that self-attention cannot tell order, shown by training, and what research adds to it
// (the causal mask, length generalisation), with the sources by name. page.js places it after 'compare'.
import headings from './headings.js'; // the sections' headings, shared with the quiz's links
export default {
  id: 'lab',
  title: headings.lab,
  blocks: [
    { p: 'Both documents open with the same claim: self-attention is excellent at relating words to each other but cannot tell by itself where in the sentence a word is, and positional encoding fixes that. This section does not ask you to take the claim on trust: it **shows** it. A small Transformer is trained here, in this browser, to see whether without position information it really cannot learn order, and whether with it, it can.' },
    { h: 'The task: reverse' },
    { p: 'The model reads a few symbols and some question marks, `| a b c d | ? ? ? ?`, and must answer at each question mark with the input read backwards (`d c b a`). There are 14 symbols; each place of the input is drawn from them uniformly and independently, so the same symbol may appear several times. The default input has 8 symbols (18 tokens). The question marks are all the same token, so the task can only be solved by knowing which question mark is which and where each symbol stood: a model that cannot see order cannot solve it.' },
    { p: 'Two numbers frame every accuracy. Guessing one of the 14 symbols without looking is right 1/14 ≈ 7.1 % of the time: **chance**. A model blind to positions can still do better: answering the input\'s most frequent symbol at every question mark is right about 26.9 % of the time on average, and a model with neither positions nor a mask cannot pass that **bound** on average, because all its question marks must give the same answer. The bound is an expected value: an accuracy measured on a finite set of held-out questions can land slightly above it.' },
    { element: 'pe-lab' },
    { h: 'The documents\' claim and its refinement, side by side' },
    { table: {
      caption: 'How far “self-attention cannot tell order” holds',
      head: ['Which model', 'The documents', 'What research adds (and what this lab shows)'],
      rows: [
        ['Without a causal mask (an encoder, like BERT)', 'Without position information, order cannot be known.', 'True. A Transformer with neither positions nor a mask is **permutation-equivariant**: reordering its input only reorders its output. In experiment ① this model stays near the bound it cannot pass on average, 26.9 %. Lasri et al. (2022) found that masked language models without position encodings cannot reconstruct position information by themselves, and that the need for it grows with the share of tokens masked.'],
        ['With a causal mask (a decoder, like GPT)', 'No distinction is made.', 'It can learn order without any positional encoding. With the mask, the token at position t (counting from 0) sees only the t + 1 tokens at positions 0 to t; spreading its attention evenly, the share the always-first token, the separator ‘|’, receives, 1/(t + 1), tells it where it stands. Haviv et al. (2022) found causal language models without positional encodings competitive with those that have them, and conjectured that the mask lets a token infer how many tokens precede it. In experiment ①, “no positions · causal mask” learning reverse is exactly that.'],
        ['Inputs longer than trained', 'The sinusoidal formula computes values for positions longer than in training (real performance depends on many factors).', 'Being computable does not mean doing well there. In experiment ② the sinusoidal model drops as soon as it passes the input length used in training (8 symbols, 18 tokens), and the learned table has no row there at all. Kazemnejad et al. (2023), with decoder-only models of about 107M parameters trained to length 20 and tested to 40, found that leaving positional encoding out altogether (NoPE) ranked first **over all their tasks combined** (copy, reverse, sort and others; not first on every task, and later work found limits of NoPE). ALiBi (Press et al., 2022) subtracts from the attention scores under the causal mask a penalty proportional to the distance to an earlier token, m · (i − j) for j ≤ i, instead of adding position vectors, to train short and test long.'],
      ],
    } },
    { p: 'In short: the documents\' claim **holds as stated for encoders** and needs refining for decoders, which get order information from the causal mask itself. Positional encoding is not made useless by that: in experiment ① the models with position information learn without the mask, and with it they usually learn much faster than the model without positions.' },
    { h: 'What to look for in the four experiments' },
    { list: [
      '**① With and without positions:** the five schemes without and with the mask, ten runs. Pick a prediction first, then watch the curves grow. Look at ALiBi without the mask too: Press et al. define ALiBi only under the causal mask (a penalty m · (i − j) for j ≤ i); the two-sided m · |i − j| without the mask is this lab\'s own extension. That penalty depends on the distance only, the same to the left and to the right, and with 2 heads its slopes are a small 1/16 and 1/256. With the default settings it stays near the bound of a model with neither positions nor a mask.',
      '**② Longer than trained:** trained on inputs of 1 to 8 symbols only, tested up to 16. Which schemes hold up past the trained range, and what does “no row” in the table mean?',
      '**③ What was learned:** as training goes on, an anti-diagonal appears in a head of one layer: question mark i reading the i-th symbol from the end. The learned table\'s similarity matrix is shown beside the sinusoid\'s.',
      '**④ The d_ff trade-off:** the trade-off of section 12, measured by training. The loss at the same step and the loss at the same second tell two different stories.',
    ] },
    { note: 'The lab\'s model is a toy: about 26,000 parameters, 14 symbols, inputs of 18 tokens. What it shows: how position information and the causal mask change **what a model can learn**, and the differences between the schemes under the same conditions. What it does not show: which scheme is better for language, large models or long contexts. Results change with the seed and the number of steps (ALiBi and length generalisation most of all), and the research\'s conclusions also depend on model size and task. Try other seeds.', title: 'What this toy shows, and what it does not' },
    { p: 'The same settings and seed give the same losses, bit for bit, on any device (every run gets the same batches in the same order, and the SIMD128 wasm module computes in a fixed order). “Copy a link with these settings” sends the same run to a friend or a class, and a trained model downloads as a safetensors file with a PyTorch script that runs it in PyTorch.' },
    { h: 'References' },
    { list: [
      'Lasri, K., Lenci, A., Poibeau, T. (2022). Word Order Matters when you Increase Masking. EMNLP 2022.',
      'Haviv, A., Ram, O., Press, O., Izsak, P., Levy, O. (2022). Transformer Language Models without Positional Encodings Still Learn Positional Information. Findings of EMNLP 2022.',
      'Kazemnejad, A., Padhi, I., Natesan Ramamurthy, K., Das, P., Reddy, S. (2023). The Impact of Positional Encoding on Length Generalization in Transformers. NeurIPS 2023. (NoPE)',
      'Press, O., Smith, N. A., Lewis, M. (2022). Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation. ICLR 2022. (ALiBi)',
    ] },
    { quiz: 'Check yourself: the position lab', topic: 'lab' },
  ],
};
