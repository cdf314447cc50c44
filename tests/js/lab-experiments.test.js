// The lab's experiments registry (src/elements/lab/experiments/): every file of the folder is
// registered, presets the same attributes as the others, has its texts in both languages, and fills
// every placeholder of its `measured` text; and no experiment is named by a literal in the lab's code
// outside the registry (adding one is a file, a registry line and its texts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { EXPERIMENTS, PRESETS, experimentOf } from '../../src/elements/lab/experiments/index.js';
import { labPlan, masksOf, parseDFFs, parseSchemes } from '../../src/elements/lab/plan.js';
import { COMMON } from '../../src/elements/lab/presets.js';
import ko from '../../src/i18n/ko/pe-lab.js';
import en from '../../src/i18n/en/pe-lab.js';

const folder = new URL('../../src/elements/lab/experiments/', import.meta.url);

test('every file of lab/experiments/ is registered, under its own name, and presets the same attributes', () => {
  const files = readdirSync(folder).filter((f) => f.endsWith('.js') && f !== 'index.js').map((f) => f.slice(0, -3));
  assert.deepEqual([...files].sort(), [...EXPERIMENTS].sort());
  for (const name of EXPERIMENTS) assert.equal(experimentOf(name).name, name);
  const keys = Object.keys(PRESETS[EXPERIMENTS[0]]).sort();
  for (const name of EXPERIMENTS) assert.deepEqual(Object.keys(PRESETS[name]).sort(), keys, name);
  assert.equal(experimentOf('nope'), undefined);
});

test('each experiment has its texts in ko and en, and its measured() fills every placeholder of its measured text', () => {
  const fmt = (x, digits) => x.toFixed(digits);
  const pct = (x) => (x === null || x === undefined ? '—' : fmt(100 * x, 1));
  for (const name of EXPERIMENTS) {
    const preset = PRESETS[name];
    const plan = labPlan({
      experiment: name, task: preset.task, length: COMMON.length, steps: 20, seed: 1, dModel: 16, heads: 2, layers: 1,
      schemes: parseSchemes(preset.schemes).schemes, masks: masksOf(preset.causal), dFFs: parseDFFs(preset['d-ff'], 1, 1024).values,
    });
    const final = plan.runs.map((_, i) => ({ loss: 1, accuracy: (i + 1) / 100, accuracyByLength: plan.testLengths?.map((length) => ({ length, accuracy: 0.5 })) ?? null }));
    const values = experimentOf(name).measured?.({ plan, final, seconds: plan.runs.map(() => 2) }, { pct, fmt }) ?? {};
    for (const [lang, strings] of [['ko', ko], ['en', en]]) {
      const e = strings.experiments[name];
      for (const key of ['tab', 'about', 'question', 'explain']) assert.ok(typeof e?.[key] === 'string' && e[key], `${lang} ${name}.${key}`);
      assert.ok(Array.isArray(e.options) && e.options.length >= 2, `${lang} ${name}.options`);
      const wanted = [...(e.measured ?? '').matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const key of wanted) assert.ok(values[key] !== undefined && !String(values[key]).includes('undefined'), `${lang} ${name}: measured {${key}} = ${values[key]}`);
    }
    for (const chart of experimentOf(name).charts ?? []) assert.ok(typeof en[chart.title] === 'string' && typeof ko[chart.title] === 'string', `${name} chart ${chart.key}`);
  }
});

test('no experiment is named by a literal in the lab\'s code outside the registry', () => {
  const files = ['src/elements/pe-lab.js', ...readdirSync(new URL('../../src/elements/lab/', import.meta.url)).filter((f) => f.endsWith('.js')).map((f) => `src/elements/lab/${f}`)];
  const found = [];
  for (const file of files) {
    const code = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '');
    // A comparison, a case or a lookup by the name ('inside' is also a CSS class, 'position' a parameter).
    for (const name of EXPERIMENTS) {
      const named = new RegExp(`(===|!==|case)\\s*['"]${name}['"]|['"]${name}['"]\\s*(===|!==)|(PRESETS|experiments|presetValue\\()(\\.${name}\\b|\\[['"]${name}['"]\\]|['"]${name}['"])`);
      if (named.test(code)) found.push(`${file}: '${name}'`);
    }
  }
  assert.deepEqual(found, []);
});

test('labSettings: presets for what the page did not set, bad words noted (bounded), heads lowered, runs cut', async () => {
  const { labSettings, headsFor, GOVERNED } = await import('../../src/elements/lab/settings.js');
  const { attributes } = await import('../../src/elements/attributes.js');
  const defaults = Object.fromEntries(Object.entries(attributes['pe-lab']).map(([name, spec]) => [name, spec.default]));
  assert.deepEqual([...GOVERNED].sort(), ['causal', 'd-ff', 'schemes', 'steps', 'task']);
  for (const name of EXPERIMENTS) {
    const { settings, plan, notes } = labSettings({ ...defaults, experiment: name }, () => false, en);
    assert.equal(settings.steps, PRESETS[name].steps);
    assert.equal(settings.task, PRESETS[name].task);
    assert.equal(plan.experiment, name);
    assert.deepEqual(notes, []);
  }
  const set = new Set(['schemes', 'd-ff']);
  const { settings, notes } = labSettings({ ...defaults, 'd-model': 24, heads: 8, schemes: 'rope,x,y,z,w', 'd-ff': 'a,b,c,d,e,16' }, (name) => set.has(name), en);
  assert.deepEqual(settings.schemes, ['rope']);
  assert.deepEqual(settings.dFFs, [16]);
  assert.equal(settings.heads, headsFor(24, 8, true));
  assert.equal(settings.heads, 6); // 24 / 6 = 4, even
  assert.deepEqual(notes.map((n) => n.text), [
    'Not a position scheme, left out (4): “x, y, z, …”.',
    'Not a d_ff (an integer 1 … 1024), left out (5): “a, b, c, …”.',
    en.headsNote.replace('{d}', '24').replace('{used}', '6'),
  ]);
});
