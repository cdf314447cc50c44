// Light and dark inside every element, where axe-core does not look: SVG pictures. Every element of
// custom-elements.json is put alone into a bare page (fixtures/element-alone.html) in the light theme,
// the dark theme (prefers-color-scheme), and forced dark by data-theme on the element itself after it
// has rendered (the pictures must follow without a re-render). In each, every visible SVG text, line,
// path and shape is measured against what it is painted on (an earlier opaque shape under it, else the
// element's card): text needs 4.5:1 (3:1 when large), lines, markers and shapes 3:1 (WCAG 1.4.3,
// 1.4.11). Shapes whose colour is data (class "datum": viridis / PuOr cells, the same in both themes)
// are not measured themselves, but text drawn on them is. In the dark theme no part of an element may
// keep a light background or a light SVG fill (a colour written into the element instead of a token).
// Canvas pixels painted from tokens must follow a theme switch too (shared/theme.js). Screenshots of a
// few elements (ko/en, 1280/390 px, light/dark) go to test-artifacts/theme-element-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium, openPage, startStaticServer, repoRoot, saveArtifact, requireBuildProducts } from './harness.js';

requireBuildProducts('bundles', 'dist/elements.js', 'custom-elements.json');

const manifest = JSON.parse(await readFile(join(repoRoot, 'custom-elements.json'), 'utf8'));
const tags = manifest.modules.flatMap((m) => m.declarations).filter((d) => d.customElement).map((d) => d.tagName);

let server;
let browser;

before(async () => {
  server = await startStaticServer(repoRoot);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** In the page: puts <tag> alone into <main> and waits for its first render. */
async function renderAlone(page, tag) {
  await page.evaluate(async (tag) => {
    const el = document.createElement(tag);
    const rendered = new Promise((resolve) => el.addEventListener('pe-ffn-render', resolve, { once: true }));
    document.querySelector('main').replaceChildren(el);
    await rendered;
    await el.updateComplete;
  }, tag);
}

/**
 * In the page: measures every SVG graphic of the element in <main>. Returns { checked, min: {text,
 * graphic}, failures: [...] , light: [...] } where light lists light backgrounds / fills (when
 * `dark` is true).
 */
function measure(dark) {
  const LIGHT = 0.5; // relative luminance: above it a colour is light (white 1, the dark surface 0.013)
  const parse = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c) || /color\(srgb ([^)]+)\)/.exec(c);
    if (!m) return null;
    const parts = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    const scale = c.startsWith('color(') ? 255 : 1;
    return [parts[0] * scale, parts[1] * scale, parts[2] * scale, parts.length > 3 ? parts[3] : 1];
  };
  const over = (top, bottom) => top.slice(0, 3).map((v, i) => v * top[3] + bottom[i] * (1 - top[3]));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((x) => { const s = x / 255; return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  const up = (el) => el.parentElement || el.getRootNode().host || null;
  // What an HTML element shows behind it: its own and its ancestors' background colours, composited.
  const htmlBackground = (el) => {
    const layers = [];
    for (let n = el; n && n.nodeType === 1; n = up(n)) {
      const c = parse(getComputedStyle(n).backgroundColor);
      if (c && c[3] > 0) layers.push(c);
      if (c && c[3] === 1) break;
    }
    let rgb = [255, 255, 255];
    for (const layer of layers.reverse()) rgb = over(layer, rgb);
    return rgb;
  };
  const describe = (el) => `<${el.localName}${el.getAttribute('class') ? ` class="${el.getAttribute('class')}"` : ''}>${el.localName === 'text' ? ` "${el.textContent.trim().slice(0, 24)}"` : ''}`;
  const host = document.querySelector('main').firstElementChild;
  const roots = [];
  const collect = (root) => { roots.push(root); for (const el of root.querySelectorAll('*')) if (el.shadowRoot) collect(el.shadowRoot); };
  collect(host.shadowRoot);
  const closed = new Set(['rect', 'circle', 'ellipse', 'polygon']);
  const result = { checked: 0, min: { text: Infinity, graphic: Infinity }, failures: [], light: [] };
  for (const root of roots) {
    for (const svg of root.querySelectorAll('svg')) {
      const shapes = [...svg.querySelectorAll('text, line, polyline, path, rect, circle, ellipse, polygon')];
      shapes.forEach((el, i) => {
        const cs = getComputedStyle(el);
        if (cs.display === 'none' || cs.visibility === 'hidden' || el.closest('.datum')) return;
        const inMarker = Boolean(el.closest('marker'));
        const box = el.getBoundingClientRect();
        if (!inMarker && box.width === 0 && box.height === 0) return;
        if (!inMarker && svg.getBoundingClientRect().width === 0) return;
        const opacity = Number(cs.opacity);
        const stroke = parse(cs.stroke);
        const strokeWidth = parseFloat(cs.strokeWidth);
        const fill = parse(cs.fill);
        const isText = el.localName === 'text';
        const useStroke = !isText && stroke && stroke[3] > 0 && strokeWidth > 0;
        const paint = useStroke ? stroke : fill;
        if (!paint || paint[3] === 0 || opacity === 0) return;
        paint[3] *= Number(useStroke ? cs.strokeOpacity : cs.fillOpacity) * opacity;
        // Outlines and filled shapes sit on what surrounds them; text and lines on what lies under them.
        let under = htmlBackground(svg);
        if (!inMarker && !(closed.has(el.localName) || (el.localName === 'path' && !useStroke))) {
          const cx = box.left + box.width / 2;
          const cy = box.top + box.height / 2;
          for (let j = i - 1; j >= 0; j--) {
            const other = shapes[j];
            if (!closed.has(other.localName) || other.closest('marker')) continue;
            const ocs = getComputedStyle(other);
            const ofill = parse(ocs.fill);
            if (!ofill || ofill[3] * Number(ocs.fillOpacity) * Number(ocs.opacity) < 1 || ocs.display === 'none') continue;
            const r = other.getBoundingClientRect();
            if (cx >= r.left && cx <= r.right && cy >= r.top && cy <= r.bottom) { under = ofill.slice(0, 3); break; }
          }
        }
        const ratio = contrast(over(paint, under), under);
        const size = parseFloat(cs.fontSize) * (svg.getScreenCTM()?.a || 1);
        const large = size >= 24 || (size >= 18.66 && Number(cs.fontWeight) >= 700);
        const need = isText && !large ? 4.5 : 3;
        const kind = isText ? 'text' : 'graphic';
        result.checked++;
        result.min[kind] = Math.min(result.min[kind], ratio);
        if (ratio < need) result.failures.push(`${describe(el)} ${ratio.toFixed(2)}:1 < ${need} (${useStroke ? 'stroke' : 'fill'} ${cs[useStroke ? 'stroke' : 'fill']} on rgb(${under.map(Math.round).join(', ')}))`);
        // A large light shape in the dark theme is a background that did not follow it (bright lines
        // and dots of the dark series are fine; faces, boxes and tracks are not).
        if (dark && closed.has(el.localName) && fill && fill[3] > 0.5 && luminance(fill) > LIGHT && box.width * box.height >= 1000) result.light.push(`${describe(el)} fill ${cs.fill}`);
      });
    }
    if (!dark) continue;
    // HTML parts: a light background in the dark theme is a colour that did not follow it (data cells
    // carry their scale's colour inline and are exempt).
    for (const el of root.querySelectorAll('*')) {
      if (el.closest('svg') || el.style.backgroundColor || el.closest('.datum')) continue;
      const cs = getComputedStyle(el);
      const bg = parse(cs.backgroundColor);
      if (cs.display !== 'none' && bg && bg[3] > 0.5 && luminance(bg) > LIGHT) result.light.push(`${describe(el)} background ${cs.backgroundColor}`);
    }
  }
  return result;
}

const SETTINGS = [
  { name: 'light', scheme: 'light', dark: false },
  { name: 'dark', scheme: 'dark', dark: true },
  { name: 'data-theme="dark" on the element', scheme: 'light', dark: true, force: true },
];

test('every element alone: SVG text and graphics keep AA contrast in light and dark, and nothing stays light in dark', { timeout: 180000 }, async () => {
  assert.ok(tags.length >= 9, 'the manifest lists the elements');
  const failures = [];
  const lows = {};
  let checked = 0;
  for (const setting of SETTINGS) {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    try {
      await page.emulateMedia({ colorScheme: setting.scheme });
      await page.goto(`${server.url}tests/browser/fixtures/element-alone.html`);
      await page.waitForFunction(() => window.elementsReady === true);
      for (const tag of tags) {
        await renderAlone(page, tag);
        // Forced on the element after its render: SVG colours must follow through CSS alone.
        if (setting.force) await page.evaluate(() => document.querySelector('main').firstElementChild.setAttribute('data-theme', 'dark'));
        const r = await page.evaluate(measure, setting.dark);
        checked += r.checked;
        for (const kind of ['text', 'graphic']) lows[`${setting.name} ${kind}`] = Math.min(lows[`${setting.name} ${kind}`] ?? Infinity, r.min[kind]);
        for (const f of r.failures) failures.push(`<${tag}> ${setting.name}: ${f}`);
        for (const f of r.light) failures.push(`<${tag}> ${setting.name}: stays light: ${f}`);
      }
    } finally {
      await page.context().close();
    }
  }
  console.log(`# ${checked} SVG texts and graphics measured; lowest contrast: ${Object.entries(lows).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}`);
  assert.ok(checked > 300, `SVG parts were found and measured (${checked})`);
  assert.deepEqual(failures, []);
});

test('canvas colours from design tokens follow a theme switch on <html> without a reload', { timeout: 60000 }, async () => {
  const page = await openPage(browser);
  try {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${server.url}tests/browser/fixtures/element-alone.html`);
    await page.waitForFunction(() => window.elementsReady === true);
    // A learned table of 4 positions shown for 8: its rows 4..7 are "no value", striped in tokens.
    await page.evaluate(async () => {
      const el = document.createElement('pe-compare');
      el.setAttribute('positions', '8');
      el.setAttribute('max-positions', '4');
      const rendered = new Promise((resolve) => el.addEventListener('pe-ffn-render', resolve, { once: true }));
      document.querySelector('main').replaceChildren(el);
      await rendered;
    });
    const stripePixels = () => page.evaluate(async () => {
      const el = document.querySelector('pe-compare');
      await el.updateComplete;
      const canvas = el.shadowRoot.querySelector('canvas[data-map="learned"]');
      const data = canvas.getContext('2d').getImageData(0, canvas.height - 1, 4, 1).data;
      const hex = (i) => `#${[0, 1, 2].map((k) => data[4 * i + k].toString(16).padStart(2, '0')).join('')}`;
      return [...new Set([0, 1, 2, 3].map(hex))].sort();
    });
    const { tokens } = await import('../../src/elements/shared/tokens.js');
    const expected = (mode) => ['--pe-border', '--pe-head'].map((n) => tokens[n][mode]).sort();
    // The redraw follows the change within a frame or two: wait up to 2 s for it.
    const becomes = async (mode, message) => {
      let seen;
      for (let i = 0; i < 40; i++) {
        seen = await stripePixels();
        if (JSON.stringify(seen) === JSON.stringify(expected(mode))) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      assert.deepEqual(seen, expected(mode), message);
    };
    await becomes('light', 'light at first');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
    await becomes('dark', 'data-theme="dark" on <html>');
    await page.evaluate(() => document.documentElement.removeAttribute('data-theme'));
    await becomes('light', 'data-theme removed');
    await page.emulateMedia({ colorScheme: 'dark' });
    await becomes('dark', 'prefers-color-scheme: dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await becomes('light', 'back to light');
  } finally {
    await page.context().close();
  }
});

test('screenshots: a few elements alone, ko and en, 1280 and 390 px, light and dark', { timeout: 120000 }, async () => {
  for (const width of [1280, 390]) {
    for (const theme of ['light', 'dark']) {
      const page = await openPage(browser, { viewport: { width, height: 900 } });
      try {
        await page.emulateMedia({ colorScheme: theme });
        await page.goto(`${server.url}tests/browser/fixtures/element-alone.html`);
        await page.waitForFunction(() => window.elementsReady === true);
        for (const lang of ['ko', 'en']) {
          await page.evaluate((lang) => { document.documentElement.lang = lang; }, lang);
          for (const tag of ['pe-clock', 'pe-heatmap', 'ffn-explorer']) {
            await renderAlone(page, tag);
            await saveArtifact(`theme-element-${tag}-${theme}-${lang}-${width}.png`, await page.locator('main').screenshot());
          }
        }
      } finally {
        await page.context().close();
      }
    }
  }
});
