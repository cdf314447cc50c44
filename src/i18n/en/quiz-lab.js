// Strings of the generated position-lab questions (src/quiz/generate/lab.js), English.
export default {
  schemes: { sinusoidal: 'sinusoidal positional encoding', learned: 'a learned position embedding', rope: 'RoPE', none: 'no positions (NoPE)' },
  params: {
    prompt: 'In the position lab you build a Transformer with a vocabulary of {vocab}, d_model = {dModel}, 2 heads, d_ff = {dFF}, {layers} layer(s) (post-norm), and {scheme} for positions. Inputs have at most {T} tokens. How many trainable parameters does it have? (The embedding, the position table if there is one, per block the attention\'s q, k, v and output matrices with biases, two layer norms and the FFN, and the final output layer.)',
    explanation: 'Token embedding {vocab} × {dModel} = {embedding}. One block: 4 · d_model² + 2 · d_model · d_ff + d_ff + 9 · d_model = {perLayer} (four attention matrices and four biases, γ and β of two layer norms, the FFN\'s W1, b1, W2, b2); {layers} block(s): {blocks}. Output layer {dModel} × {vocab} + {vocab} = {output}. In all {total}. Sinusoidal, RoPE and no positions have no position parameters.',
    explanationLearned: 'Token embedding {vocab} × {dModel} = {embedding}; the learned position table {T} × {dModel} = {table}. One block: 4 · d_model² + 2 · d_model · d_ff + d_ff + 9 · d_model = {perLayer} (four attention matrices and four biases, γ and β of two layer norms, the FFN\'s W1, b1, W2, b2); {layers} block(s): {blocks}. Output layer {dModel} × {vocab} + {vocab} = {output}. In all {total}.',
    hint: 'Of the position schemes only the learned table has parameters. A matrix holds rows × columns values; a bias and a layer norm\'s γ and β hold as many values as their length. Add them all.',
    unit: '',
    distractorTable: 'The learned position table (d_model values per position) is missing: a learned position embedding is trained, so it counts.',
    distractorOutput: 'The final output layer (d_model × vocabulary + vocabulary) is missing: the model must score every token of the vocabulary at every place.',
  },
  bound: {
    prompt: 'A Transformer with neither position information nor a causal mask learns reverse. The input is {n} symbols, each drawn uniformly and independently from {K} (the same symbol may occur several times), and all {n} answer places hold the same question-mark token. On average, at most what accuracy can it reach? Answer as a share between 0 and 1; round to three decimal places (or answer in %; tolerance ±{tolerance}).',
    explanation: 'Without positions or a mask the model is permutation-equivariant, so the answer places, all the same token, give the same answer. That answer is right most often when it is the input\'s most frequent symbol, and then it is right at as many places as that symbol occurs. So the bound is E[count of the most frequent symbol] / {n}. Counting all {total} possible inputs gives {bound} ≈ {answer} (chance is 1/{K} ≈ {chance}).',
    hint: 'The answer places all give the same answer. With that one answer, how many places of an input can be right at most?',
    distractorChance: '{chance} (1/{K}) is chance, guessing without looking at the input. A model with neither positions nor a mask still sees which symbols occur how often, so answering the most frequent one does better.',
  },
  share: {
    prompt: 'In a Transformer without position information but with the causal mask, let every attention score be equal (all queries and keys zero). With an input of {T} tokens, what attention weight does the token at position t = {t} (counting from 0) give the first token (position 0)? Round to three decimal places (tolerance ±{tolerance}).',
    explanation: 'With the causal mask the token at position {t} sees positions 0 to {t} only: {t1} tokens, itself included. With equal scores the softmax gives each of them 1/{t1} ≈ {weight}. That share differs from position to position, so even without positional encoding the model can tell where it stands from the share the first token gets. (The same value the wasm module gives for a model with zero query and key weights.)',
    hint: 'With the mask, how many tokens does the token at position t see? Count itself too.',
    distractorSelf: '1/{t} leaves out the token itself. The causal mask lets a token see itself and every token before it: {t1} tokens.',
    distractorAll: '1/{T} is the share without the mask, when every token is seen. The causal mask hides the tokens after it.',
  },
};
