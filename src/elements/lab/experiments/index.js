// The experiments of <pe-lab>, one file each in this folder, registered here in the order of the
// lab's tabs. To add one: a file here, a line below, and its texts (tab, about, question, options,
// answer, explain, measured) in src/i18n/{ko,en}/pe-lab.js `experiments`.
//
// An experiment is { name, doc (the experiment attribute's doc, in English), preset, testsLonger?,
//   charts?, measured? }:
//   preset       the attributes it sets when the page does not: { task, schemes, causal, steps, 'd-ff' }
//                (schemes and d-ff as the attributes' comma lists; every experiment presets the same ones)
//   testsLonger  the plan trains on every length up to `length` and tests up to twice that (plan.js)
//   charts       curve charts beside loss and accuracy: [{ key, title (a key of the lab's strings),
//                measure, xOf }] (lab/result-views.js)
//   measured({ plan, final, seconds }, { pct, fmt }) -> the values its `measured` text fills in after
//                a run, or null (the explanation after the prediction, pe-lab.js)
// A share link carries every setting of every experiment (lab/share-link.js): an experiment adds none.
//
// API:
//   EXPERIMENTS                    the names, in tab order
//   PRESETS                        name -> preset
//   experimentOf(name)             the experiment (undefined for an unknown name)
//   presetValue(experiment, name)  the experiment's value of an attribute (undefined: not governed)
import position from './position.js';
import longer from './longer.js';
import inside from './inside.js';
import dff from './dff.js';

const LIST = [position, longer, inside, dff];

export const EXPERIMENTS = Object.freeze(LIST.map((e) => e.name));
export const PRESETS = Object.freeze(Object.fromEntries(LIST.map((e) => [e.name, Object.freeze({ ...e.preset })])));
const BY_NAME = new Map(LIST.map((e) => [e.name, e]));

export const experimentOf = (name) => BY_NAME.get(name);
export const presetValue = (experiment, name) => PRESETS[experiment]?.[name];
/** The experiment attribute's doc: each name with what it compares. */
export const experimentsDoc = () => LIST.map((e) => `${e.name}: ${e.doc}`).join('; ');
