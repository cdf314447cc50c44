// The NumPy script behind <block-flow>'s numbers (written by block/numpy-script.js from the seed and
// the sentence): shown whole at the bottom with copy and .py download, and in each picture's export
// panel followed by the lines that pick that picture's array and compare it with its .npy download.
import { escapeHtml } from '../shared/format.js';
import { saveFile } from '../shared/data-export.js';
import { blockNumpyScript } from './numpy-script.js';

/** The generator's options for the element's current values. */
function scriptOptions(el) {
  const v = el.values;
  return {
    tokens: v.tokens, dModel: v['d-model'], heads: v.heads, dFF: v['d-ff'], activation: v.activation,
    norm: v.norm, causal: v.causal, seed: v.seed, blocks: v.blocks,
  };
}

/** The whole script for the current values (cached per values, since every panel shows it). */
export function fullScript(el) {
  const key = JSON.stringify(scriptOptions(el));
  if (el.scriptKey !== key) {
    el.scriptKey = key;
    el.scriptText = blockNumpyScript(scriptOptions(el));
  }
  return el.scriptText;
}

/**
 * The script plus the lines for one picture. array: the script's name of the array; block: 0-based;
 * head: for [heads][T][T] arrays; file: the picture's download name (without .npy).
 */
export function pictureCode(el, { array, block, head, file }) {
  const pick = `${array}[${block}]${head === undefined ? '' : `[${head}]`}`;
  return `${fullScript(el)}

# This picture: ${pick}, against its download ${file}.npy
print(np.abs(${pick} - np.load('${file}.npy')).max())`;
}

export function scriptPanelHtml(el) {
  const s = el.s;
  return `<details class="script">
    <summary>${escapeHtml(s.scriptTitle)}</summary>
    <p class="muted">${escapeHtml(s.scriptNote)}</p>
    <div class="row"><button type="button" data-script="copy">${escapeHtml(s.copy)}</button>
      <button type="button" data-script="download">${escapeHtml(s.downloadScript)}</button>
      <span class="muted" role="status" data-script-status></span></div>
    <pre><code data-script-code></code></pre>
  </details>`;
}

export function wireScriptPanel(el) {
  const box = el.root.querySelector('details.script');
  box.addEventListener('toggle', () => {
    if (box.open) box.querySelector('[data-script-code]').textContent = fullScript(el);
  });
  box.addEventListener('click', async (e) => {
    const action = e.target.closest('[data-script]')?.dataset.script;
    if (!action) return;
    const text = fullScript(el);
    if (action === 'download') {
      saveFile(text, `block_flow_seed${el.values.seed}.py`, 'text/x-python;charset=utf-8');
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

/** After a render: the open script shows the current values' script. */
export function refreshScriptPanel(el) {
  const box = el.root.querySelector('details.script');
  if (box?.open) box.querySelector('[data-script-code]').textContent = fullScript(el);
}
