// The tutorial page's section on RoPE and learned position tables (English translation of
// ../ko/page-rope.js; same blocks, same order). page.js places it after the section 'learned'.
import headings from './headings.js'; // the sections' headings, shared with the quiz's links
export default {
  id: 'compare',
  title: headings.compare,
  blocks: [
    { p: 'The second document says that “the sinusoidal positional encoding of the early Transformer has since developed into BERT’s learned position embeddings, the RoPE (rotary position encoding) used in LLaMA models, and more”. Put side by side for the same $d_{model}$, the differences become clear: the sinusoid and a learned table **add** a vector to the token embedding, while RoPE adds nothing and **rotates** the queries and keys inside attention.' },
    { tex: String.raw`\theta_i(p) = \frac{p}{\mathrm{base}^{2i/\text{head\_dim}}},\qquad \begin{pmatrix} a \\ b \end{pmatrix} \mapsto \begin{pmatrix} a\cos\theta_i - b\sin\theta_i \\ a\sin\theta_i + b\cos\theta_i \end{pmatrix}` },
    { p: 'RoPE’s angles follow the same kind of formula as the sinusoidal encoding, but the exponent’s denominator is the size of one head, $\\text{head\\_dim}$, not $d_{model}$. It applies the property of section 7, “$PE(p+\\Delta)$ is $PE(p)$ rotated”, to the queries and keys directly, so the positions enter the score $q(p)\\cdot k(r)$ only through their difference $p - r$. That difference is signed, so the score also tells which token comes first; everything else comes from the contents of the query $q$ and the key $k$.' },
    { element: 'pe-compare' },
    { table: {
      caption: 'Names in a Hugging Face configuration (config.json) and what they are in the pictures above',
      head: ['setting', 'meaning', 'in the pictures'],
      rows: [
        ['`max_position_embeddings`', 'The model’s context length: the most tokens it is built to read at once. For a learned position embedding it is the number of rows of the table; RoPE models, which have no table, have it too. (BERT-base: 512)', 'The “context length” slider: below it the learned table has no rows, drawn as stripes.'],
        ['`n_positions` (GPT-2)', 'GPT-2’s name for the same thing: its position table wpe has 1024 rows.', 'The same slider: 1024 × 768 = 786,432 parameters.'],
        ['`rope_theta`', 'The base of RoPE’s angle formula. LLaMA 1 and 2 use 10000, LLaMA 3 500000.', 'The “Base (rope_theta)” input: a larger base turns each head’s slow pairs more slowly, so their columns in the RoPE picture barely change from top to bottom.'],
        ['`rope_scaling`', 'How (and by how much) the angles are stretched or squeezed for contexts longer than the context length (e.g. linear, dynamic, yarn, llama3).', 'Not drawn: it maps angles larger than any seen in training back into the trained range — the same point as picture 2’s warning that computing a position is not generalising to it.'],
      ],
    } },
    { p: '**Continuing the debugging tip:** when a model forgets the beginning of a long document or confuses the order, check its position method first (is there a learned table, are there `rope_theta` and `rope_scaling`?) and `max_position_embeddings`. If weights came from another implementation, check that RoPE’s pairing (the interleaved or the split layout) is the same: table 4 above shows the difference.' },
    { quiz: 'Check yourself: RoPE and learned position embeddings', topic: 'rope' },
  ],
};
