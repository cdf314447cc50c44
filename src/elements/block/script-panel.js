// The NumPy code behind <block-flow>'s numbers. For a block: the script of block/numpy-script.js,
// written from the block's seed and its input as the module computed it (h = x + PE for block 1,
// block 1's output for block 2); shown whole at the bottom with copy and .py download, and in each
// picture's export panel followed by the lines that pick that picture's array and compare it with
// its .npy download. For the input pictures of step ① (x, PE, h): the seeded embedding and PE code
// of shared/snippets.js.
import { h } from '../shared/dom.js';
import { saveFile } from '../shared/data-export.js';
import { embeddingSnippets } from '../shared/snippets.js';
import { pyStr } from '../../js/python.js';
import { VOCAB } from '../ffn/block-input.js';
import { blockNumpyScript } from './numpy-script.js';

/** The script of the block shown (cached per block and values, since every panel shows it). */
export function blockScript(el) {
  const v = el.values;
  const block = el.data.blocks[el.viewBlock];
  if (el.scriptFor !== block) {
    el.scriptFor = block;
    el.scriptText = blockNumpyScript({
      dModel: v['d-model'], heads: v.heads, dFF: v['d-ff'], activation: v.activation, norm: v.norm,
      causal: v.causal, eps: block.eps, seed: block.seed, x: block.input,
      tokens: Array.from({ length: v.tokens }, (_, t) => `token ${t}`),
    });
  }
  return el.scriptText;
}

/** NumPy code that makes x, PE and h = x + PE of step ①. */
function inputCode(el) {
  const v = el.values;
  const { ids, eseed } = el.data;
  const peArgs = { length: v.tokens, dModel: v['d-model'], base: 10000, offset: 0, layout: 'interleaved' };
  return embeddingSnippets({ vocab: VOCAB, dModel: v['d-model'], seed: eseed, tokens: ids, peArgs }).numpy;
}

/**
 * The code for one picture: the script (or the input code), then the comparison of `expr` (in the
 * script's names) with the picture's download `file`.npy.
 */
export function pictureCode(el, { expr, input = false, file }) {
  const npy = pyStr(`${file}.npy`);
  return `${input ? inputCode(el) : blockScript(el)}

# This picture: ${expr}, against its download ${npy} (float32: within 1e-4)
print(np.abs(${expr} - np.load(${npy})).max())`;
}

export function scriptPanel(el) {
  const s = el.s;
  return h('details', { class: 'script' },
    h('summary', { text: s.scriptTitle }),
    h('p', { class: 'muted', text: s.scriptNote }),
    h('div', { class: 'row' },
      h('button', { type: 'button', 'data-script': 'copy', text: s.copy }),
      h('button', { type: 'button', 'data-script': 'download', text: s.downloadScript }),
      h('span', { class: 'muted', role: 'status', 'data-script-status': true })),
    h('pre', null, h('code', { 'data-script-code': true })));
}

export function wireScriptPanel(el) {
  const box = el.root.querySelector('details.script');
  box.addEventListener('toggle', () => refreshScriptPanel(el));
  box.addEventListener('click', async (e) => {
    const action = e.target.closest('[data-script]')?.dataset.script;
    if (!action) return;
    const text = blockScript(el);
    if (action === 'download') {
      saveFile(text, `block${el.viewBlock + 1}_seed${el.data.blocks[el.viewBlock].seed}.py`, 'text/x-python;charset=utf-8');
      return;
    }
    let ok = false;
    try {
      await navigator.clipboard.writeText(text);
      ok = true;
    } catch { /* the status says so */ }
    box.querySelector('[data-script-status]').textContent = ok ? el.s.copied : el.s.copyFailed;
  });
}

/** After a render or a change of the block shown: the open script shows the current one. */
export function refreshScriptPanel(el) {
  const box = el.root.querySelector('details.script');
  if (box?.open && el.data) box.querySelector('[data-script-code]').textContent = blockScript(el);
}
