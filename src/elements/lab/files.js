// <pe-lab>'s files and links: the curves as CSV, a run's model as safetensors and its PyTorch script,
// a model file loaded back (one at a time, tested in a worker of its own), and the share link.
//
// API (el: the <pe-lab> element):
//   downloadCurves(el)   downloadModel(el)   downloadScript(el)
//   loadModel(el, file)  loads and tests a model file; a newer call, or el.loading.abort() (the element
//                        leaving the page), ends the one before
//   shareUrl(el, shared) the page's address with every setting of the run (the names in `shared`)
//   copyShareLink(el, shared)
import { fmt } from '../shared/format.js';
import { fill } from '../shared/i18n.js';
import { configuredWasm } from '../shared/core.js';
import { saveFile } from '../shared/data-export.js';
import { pytorchScript } from '../../js/index.js';
import { loadInWorker, wasmForWorker } from './client.js';
import { curvesCsv } from './results.js';
import { labShareUrl } from './share-link.js';

function fileStem(el, index) {
  const plan = el.state.plan;
  const run = plan.runs[index];
  return `pe-lab_${plan.task}_${run.scheme}${run.causal ? '_causal' : ''}_dff${run.dFF}_seed${plan.seed}`;
}

export function downloadCurves(el) {
  const { plan, points, losses } = el.state;
  saveFile(curvesCsv(el.s, plan, points, losses), `pe-lab_${plan.experiment}_${plan.task}_seed${plan.seed}.csv`, 'text/csv;charset=utf-8');
}

export async function downloadModel(el) {
  const index = Number(el.$('.save-run').value) || 0;
  const { bytes } = await el.training.save(index);
  saveFile(bytes, `${fileStem(el, index)}.safetensors`);
}

export function downloadScript(el) {
  const index = Number(el.$('.save-run').value) || 0;
  saveFile(pytorchScript(el.state.plan.runs[index].model), 'model.py', 'text/x-python;charset=utf-8');
}

/**
 * Loads a model file and tests it in a worker of its own, one file at a time: a newer choice, or the
 * element leaving the page, terminates the worker of the one before. The status says how far the
 * test is.
 */
export async function loadModel(el, file) {
  const s = el.s;
  const status = el.$('.load-status');
  el.loading?.abort();
  const loading = new AbortController();
  el.loading = loading;
  const show = (pct) => { status.textContent = fill(s.loadTesting, { name: file.name, pct: fmt(pct, 0) }); };
  status.classList.remove('error');
  show(0);
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    loading.signal.throwIfAborted();
    const result = await loadInWorker(bytes, el.shownPlan(), wasmForWorker(configuredWasm()), {
      signal: loading.signal, onProgress: (done, total) => show((100 * done) / total),
    });
    el.loaded = { name: file.name, ...result };
    el.viewRun = -1;
    status.textContent = fill(s.loadedStatus, {
      name: file.name, task: s.tasks[result.plan.task], length: result.plan.length,
      acc: fmt(100 * result.final.accuracy, 1), loss: fmt(result.final.loss, 4),
    });
  } catch (error) {
    if (loading.signal.aborted) return;   // a newer choice took over, or the element left the page
    status.classList.add('error');
    status.textContent = fill(s.loadFailed, { message: error.message });
  } finally {
    if (el.loading === loading) el.loading = null;
  }
  el.requestRender();
}

/** The page's address with every setting of the run: opening it and pressing Start replays it. */
export function shareUrl(el, shared) {
  const v = el.values;
  const values = Object.fromEntries(shared.map((name) => [name, v[name]]));
  values.heads = el.settings.heads;
  const url = labShareUrl(location.href, v['url-params'], values);
  const section = el.closest('section[id]')?.id;
  return section ? `${url.split('#')[0]}#${section}` : url;
}

export async function copyShareLink(el, shared) {
  const s = el.s;
  const url = shareUrl(el, shared);
  const status = el.$('.share-status');
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = s.shareDone;
  } catch {
    status.textContent = fill(s.shareFail, { url });
  }
}
