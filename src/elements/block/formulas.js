// The formula of each step of <block-flow>, in TeX (typeset at build time, scripts/math-at-build.mjs,
// so each stays a String.raw template without substitutions), for both orders of
// the block: post-norm (the paper's and the documents' order) and pre-norm (GPT-2 and most current
// models). The attention step states the scaled scores, the softmax and the causal mask's rule, with
// t the token that looks and u the token looked at (the page keeps i for the frequency index, j for
// the column).
import { NORM, NORMS } from '../../js/defaults.js';
import { kindTable } from '../../js/kinds.js';

export const INPUT_FORMULA = String.raw`h_t^{(0)} = x_t + PE(t)`;

// Two lines, so that the formula fits a phone's width.
export const ATTENTION_FORMULA = String.raw`\begin{gathered} s_{tu} = \frac{q_t \cdot k_u}{\sqrt{\text{head\_dim}}} \\[4pt] w_{tu} = \frac{e^{s_{tu}}}{\sum_{u'} e^{s_{tu'}}}, \quad o_t = \sum_u w_{tu}\, v_u \end{gathered}`;
export const CAUSAL_FORMULA = String.raw`w_{tu} = 0 \quad (u > t)`;

export const FFN_FORMULA = String.raw`\mathrm{FFN}(z) = \max(0,\, zW_1 + b_1)\,W_2 + b_2`;
export const FFN_FORMULA_GELU = String.raw`\mathrm{FFN}(z) = \mathrm{GELU}(zW_1 + b_1)\,W_2 + b_2`;

export const LAYER_NORM_FORMULA = String.raw`\begin{gathered} \mathrm{LayerNorm}(z)_j = \frac{z_j - \mu}{\sqrt{\sigma^2 + \varepsilon}}\,\gamma_j + \beta_j \\[4pt] \mu = \frac{1}{d}\sum_j z_j, \quad \sigma^2 = \frac{1}{d}\sum_j (z_j - \mu)^2 \end{gathered}`;

/** Both orders, each as [the line of step ③, the line of step ⑤]. */
export const BLOCK_FORMULAS = kindTable('formulas.js BLOCK_FORMULAS', NORMS, {
  [NORM.POST]: [String.raw`h' = \mathrm{LayerNorm}\big(h + \mathrm{Attn}(h)\big)`, String.raw`h'' = \mathrm{LayerNorm}\big(h' + \mathrm{FFN}(h')\big)`],
  [NORM.PRE]: [String.raw`h' = h + \mathrm{Attn}\big(\mathrm{LN}_1(h)\big)`, String.raw`h'' = h' + \mathrm{FFN}\big(\mathrm{LN}_2(h')\big)`],
});
