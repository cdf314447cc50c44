// Strings of the generated RoPE and learned-table questions (src/quiz/generate/rope.js), English.
export default {
  angle: {
    prompt: 'A model has d_model = {dModel} in {heads} heads (head_dim = {headDim}) and rope_theta (the base) = {baseText}. By how many radians does RoPE turn pair i = {i} at position p = {p}? (θ = p / base^(2i/head_dim)) Round to three decimal places (tolerance ±{tolerance}).',
    explanation: 'θ = {p} / {base}^({twoI}/{headDim}) = {angle} rad. RoPE\'s frequencies come from the size of one head, head_dim, not from d_model, and every head uses the same angles.',
    hint: 'Is the exponent\'s denominator d_model ({dModel}) or head_dim ({headDim})?',
    unit: 'rad',
    distractorDModel: 'That puts d_model = {dModel} in the exponent. RoPE rotates each head on its own, so the denominator is head_dim = {headDim}.',
  },
  columns: {
    hint: 'With head_dim = {headDim} there are {half} pairs. Which columns does pair i use in each pairing?',
    interleaved: {
      prompt: 'RoPE is applied to a head of head_dim = {headDim} with interleaved pairing (RoFormer, GPT-J, Meta\'s LLaMA code). Which column turns together with column {first}? (columns count from 0)',
      explanation: 'Interleaved pairing gives pair i = {pair} the columns (2i, 2i+1) = ({first}, {partner}). Rotating a vector that is 1 in column {first} only, the module writes values in columns {first} and {partner} only.',
      distractor: 'With half pairing (rotate_half) the partner would be column i + head_dim/2 = {other}; interleaved pairing uses the next column, {partner}.',
    },
    half: {
      prompt: 'RoPE is applied to a head of head_dim = {headDim} with half pairing (GPT-NeoX, Hugging Face\'s rotate_half). Which column turns together with column {first}? (columns count from 0)',
      explanation: 'Half pairing gives pair i = {pair} the columns (i, i + head_dim/2) = ({first}, {partner}). Rotating a vector that is 1 in column {first} only, the module writes values in columns {first} and {partner} only.',
      distractor: 'With interleaved pairing pair i = {pair} would use columns (2i, 2i+1); half pairing\'s partner is half a head further, column {partner}.',
    },
  },
  params: {
    promptModel: '{model}\'s learned position-embedding table has max_position_embeddings = {positions} and hidden_size = d_model = {dModel}. How many learned parameters does the table hold?',
    prompt: 'How many learned parameters does a learned position-embedding table with max_position_embeddings = {positions} and d_model = {dModel} hold?',
    explanation: 'One row of d_model values per position: {positions} × {dModel} = {total}. The sinusoid and RoPE are formulas: zero position parameters.',
    hint: 'The table\'s rows are positions, its columns dimensions.',
    unit: 'parameters',
    distractorSum: '{positions} + {dModel} = {sum} adds the numbers of rows and columns. Each cell holds one value, so multiply.',
  },
  past: {
    prompt: 'A learned position-embedding table T has max_position_embeddings = {positions} rows (positions 0 … {last}). What does it give for a token at position p = {p}?',
    choices: ['its row {p}, T[{p}]', 'nothing: there is no row for that position to look up (in PyTorch an IndexError)', 'the row {p} mod {positions} (the table starts over)', 'a new vector computed by a formula'],
    explanationRow: 'Position {p} is inside the table (0 … {last}): its row {p} is looked up and added.',
    explanationNone: 'Position {p} is past the table\'s last position, {last}. A learned table has no row there to look up — unlike the sinusoid and RoPE, which compute any position. That is why a model\'s maximum length (max_position_embeddings) is the first thing to check.',
    hint: 'Up to which position does the table have rows?',
    distractorWrap: 'The table does not start over: there is simply no row for that position.',
    distractorFormula: 'A learned table is stored rows, not a formula: it computes nothing for a new position.',
  },
};
