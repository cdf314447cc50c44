// English strings of the quiz module (src/quiz): grading messages and the templates of generated
// questions, a faithful translation of ../ko/quiz.js. {name} marks a value filled in by the code.
import kinds, { eachKind } from './quiz-kinds.js';

export default {
  grade: {
    empty: 'Please enter an answer.',
    notGraded: {
      'too-long': 'The answer is {length} characters long; answers over 1,000 characters are not read.',
      script: 'It holds characters that answers do not use (‘{left}’).',
      percent: 'A percentage (‘{left}’) is not graded in this question.',
      several: 'There is more than one answer here (‘{left}’), so it is not clear which one you chose.',
      'several:corrections': 'The answer is corrected more than once (‘{left}’), so it is not clear which one you mean. Write just the last one.',
      negated: 'It also holds a word that denies the answer (‘{left}’), so it is not clear which answer you chose.',
      comparison: 'It names a range (‘{left}’). The answer to this question is one value, not a range.',
      hedge: 'It holds a word of guessing (‘{left}’). It is fine to be unsure: leave the guessing word out and write just the answer.',
      'hedge:exact': 'It starts with ‘{left}’ (about). This question asks for an exact value, not a rounded one, so an answer with ‘{left}’ is not graded. Leave ‘{left}’ out and write just the answer.',
      'hedge:precision': 'The value after ‘{left}’ (about) is not written to the place the question asks for ({places} decimal places). Round it to that place.',
      question: 'It ends in a question mark. It is fine to be unsure: write it without the question mark.',
      mixed: 'The number (‘{number}’) and the text (‘{text}’) point to different choices.',
      'no-choice': 'There is no choice ‘{left}’. The choices are 1 to {n}.',
      unit: 'It carries a unit this question does not use (‘{left}’).',
      unequal: 'The two sides of the equation differ (‘{left}’), so it is not clear which value is the answer. Check the value again.',
      unknown: 'The part ‘{left}’ was not understood.',
    },
    howTo: { ...eachKind('howTo'), numberUnits: kinds.number.howToUnits }, // by kind: ./quiz-kinds.js
    tolerance: 'tolerance ±{tolerance}',
    misconception: 'Common misconception: {text}',
  },
  generate: {
    roundingNote: 'Round to three decimal places (tolerance ±{tolerance}).',
    peValue: {
      prompt: 'In the sine-cosine positional encoding with d_model = {dModel} and base 10000 (the paper\'s interleaved layout), what is the value PE({pos}, {j}) at position pos = {pos}, column j = {j}?',
      explanation: 'j = {j} is an {parity} column, so it holds {fn}, with frequency index i = floor(j/2) = {i}. Angle = pos / 10000^(2i/d_model) = {pos} / 10000^({twoI}/{dModel}) = {angle}. {fn}({angle}) = {value} → rounded {rounded}.',
      hint: 'First check whether j is even (sin) or odd (cos), then use i = floor(j/2) for the angle pos / 10000^(2i/d_model).',
      even: 'even', odd: 'odd',
    },
    peColumn: {
      promptInterleaved: 'With d_model = {dModel} in the paper\'s interleaved layout (even columns sin, odd columns cos), which function is in column j = {j}?',
      promptConcat: 'With d_model = {dModel} in the split layout (all sines in the first half, all cosines in the second, as in TensorFlow\'s tutorial), which function is in column j = {j}?',
      explanationInterleaved: 'In the interleaved layout j = {j} is an {parity} column, so it holds {fn} (frequency index i = {k}). Checked with the module: PE(0, {j}) = {atZero} ({fn}(0) = {atZero}).',
      explanationConcat: 'In the split layout the first h = ceil(d_model/2) = {half} columns hold sin and the rest cos. j = {j} holds {fn}, with frequency index i = {k}. Checked with the module: PE(0, {j}) = {atZero}.',
      hint: 'At position 0, sin(0) = 0 and cos(0) = 1.',
      distractorInterleaved: 'This is the split layout\'s rule. In the interleaved layout the parity of the column decides sin or cos.',
      distractorConcat: '\'Odd columns are cos\' is the interleaved layout\'s rule. In the split layout, the first or second half decides sin or cos.',
      even: 'even', odd: 'odd',
    },
    ffnParams: {
      prompt: 'How many parameters does one FFN layer with d_model = {dModel} and d_ff = {dFF} have? (W1, b1, W2 and b2 all included)',
      explanation: 'W1: {dModel} × {dFF} = {w}, b1: {dFF}, W2: {dFF} × {dModel} = {w}, b2: {dModel}. Total = 2·{dModel}·{dFF} + {dFF} + {dModel} = {total}.',
      hint: 'W1 is d_model × d_ff, W2 is d_ff × d_model, b1 has d_ff values and b2 has d_model.',
      distractorBias: 'Only the weights were counted. Add the biases b1 ({dFF}) and b2 ({dModel}).',
      unit: 'parameters',
    },
    ffnDff: {
      prompt: 'With d_model = {dModel} and d_ff set to {ratio} × d_model, what is d_ff (intermediate_size)?',
      explanation: '{ratio} × {dModel} = {dFF}. In practical code this d_ff is intermediate_size. The multiple differs between models: 4× in the paper, BERT and GPT-2; about 2.7× in LLaMA (4096 → 11008).',
      hint: 'd_ff = (multiple) × d_model: multiply d_model by the question\'s multiple, {ratio}.',
      distractorDivide: 'Multiply: {ratio} × {dModel}.',
    },
    attention: {
      prompt: 'With {n} tokens, how many elements does the self-attention score matrix have?',
      promptHeads: 'With {n} tokens and {heads} attention heads, how many self-attention scores does one layer compute in total? (one score matrix per head)',
      explanation: '{n} × {n} = {square}: every token has one score with every token.',
      explanationHeads: 'Each head has {n} × {n} = {square}; with {heads} heads, {heads} × {square} = {total}.',
      hint: 'The score matrix is (number of tokens) × (number of tokens).',
      distractorDouble: 'Not {n} + {n} but {n} × {n}.',
      unit: 'scores',
    },
    ffnForward: {
      prompt: 'An FFN(x) = max(0, xW1 + b1)W2 + b2 has d_model = 2, d_ff = {dFF} and ReLU (W1 is 2×{dFF}, W2 is {dFF}×2, rows first).\nW1 = {w1}\nb1 = {b1}\nW2 = {w2}\nb2 = {b2}\ninput x = {x}\nWhat is the {which} output element y[{index}]? (elements count from 0)',
      explanation: '① xW1 + b1 = {pre}.\n② ReLU turns negatives into 0: {hidden}.\n③ hidden·W2 + b2 = {output}. So y[{index}] = {answer}. (Computed by the wasm module and checked against the hand computation.)',
      hint: 'First compute the hidden vector xW1 + b1, set its negative entries to 0, then multiply by W2.',
      distractorNoRelu: 'This is the value without ReLU. Negative hidden values must become 0.',
      first: 'first', second: 'second',
    },
    rotation: {
      promptAngle: 'For the (sin, cos) pair with frequency index i = {i} and d_model = {dModel}, by how many radians is PE(p) rotated to give PE(p + {k})? (ω_i = 1 / 10000^(2i/d_model))',
      explanationAngle: 'ω_{i} = 1 / 10000^({twoI}/{dModel}) = {omega}. When the position grows by Δ = {k}, the angle grows by Δ·ω = {angle}, so the pair rotates by that much, whatever p is.',
      promptValue: 'With d_model = {dModel}, the pair (column {j}, column {j1}) of PE({p}) is ({s}, {c}). What is the sine component PE({pk}, {j}) of the same pair Δ = {k} positions later? (rotation angle Δ·ω = {angle} rad)',
      explanationValue: 'The sine component of PE(p+Δ) = sin(pω)·cos(Δω) + cos(pω)·sin(Δω) = {s}·cos({angle}) + {c}·sin({angle}) = {value} → rounded {rounded}. It equals the module\'s own PE({pk}, {j}) = {direct}.',
      hint: 'Angle addition: sin(a + b) = sin a·cos b + cos a·sin b.',
      hintAngle: 'The angle at position p is p·ω. By how much does it grow when the position grows by Δ?',
      distractorAdd: 'Do not add Δ and ω; multiply them: Δ·ω.',
      unit: 'rad',
    },
  },
};
