// The download bar under every table and heat map: CSV, NumPy .npy, and a <details> with NumPy and
// PyTorch code that reproduces the numbers, each with a copy button.
//
// API:
//   exportPanel(el, key, what?, { torch = true }?)  the bar's element (el: the PeFfnElement, for its
//        strings); `what` names the data on the buttons when an element has a second panel; torch:
//        false leaves out the PyTorch code (for a NumPy-only script)
//   wireExport(el, key, getExport)           attaches the handlers; getExport() is called at click time
//        and returns { name, data, shape: [rows, cols], colNames?, rowNames?, corner?, snippets }
//   updateSnippets(el, key, snippets)        refreshes the code shown ({ numpy, torch? })
import { h } from './dom.js';
import { toCsv, encodeNpy, saveFile } from './data-export.js';

/**
 * @csspart export - the download bar (CSV, .npy) with the NumPy and PyTorch code
 */
export function exportPanel(el, key, what, { torch = true } = {}) {
  const s = el.s;
  const label = (text) => (what ? `${text} · ${what}` : text);
  const code = (name, lib) => [
    h('div', { class: 'row' }, h('strong', { text: name }), h('button', { type: 'button', 'data-copy': lib, text: s.copy })),
    h('pre', null, h('code', { 'data-code': lib })),
  ];
  return h('div', { class: 'export', part: 'export', 'data-export': key },
    h('div', { class: 'row' },
      h('button', { type: 'button', 'data-action': 'csv', text: label(s.downloadCsv) }),
      h('button', { type: 'button', 'data-action': 'npy', text: label(s.downloadNpy) })),
    h('details', null,
      h('summary', { text: s.snippetTitle }),
      h('p', { class: 'muted', text: s.snippetNote }),
      code('NumPy', 'numpy'),
      torch ? code('PyTorch', 'torch') : null,
      h('p', { class: 'muted', role: 'status', 'data-copy-status': true })));
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function wireExport(el, key, getExport) {
  const box = el.root.querySelector(`[data-export="${key}"]`);
  if (!box) return;
  box.addEventListener('click', async (event) => {
    const button = event.target.closest('button');
    if (!button) return;
    if (button.dataset.action) {
      const x = getExport();
      const [rows, cols] = x.shape;
      if (button.dataset.action === 'csv') {
        saveFile(toCsv(x.data, rows, cols, x), `${x.name}.csv`, 'text/csv;charset=utf-8');
      } else {
        saveFile(encodeNpy(x.data, x.shape), `${x.name}.npy`, 'application/octet-stream');
      }
    } else if (button.dataset.copy) {
      const code = box.querySelector(`[data-code="${button.dataset.copy}"]`).textContent;
      const ok = await copyText(code);
      box.querySelector('[data-copy-status]').textContent = ok ? el.s.copied : el.s.copyFailed;
    }
  });
}

export function updateSnippets(el, key, snippets) {
  const box = el.root.querySelector(`[data-export="${key}"]`);
  if (!box) return;
  box.querySelector('[data-code="numpy"]').textContent = snippets.numpy;
  const torch = box.querySelector('[data-code="torch"]');
  if (torch) torch.textContent = snippets.torch;
}
