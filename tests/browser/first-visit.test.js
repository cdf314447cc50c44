// A reader's first visit to the built tutorial (issue 34 item 12): opened at the top and left idle, until
// the service worker says the site works offline. Counted at the server: every file the page and its
// worker asked for, and its bytes. The whole visit, worker included, stays within FIRST_VISIT_BUDGET;
// no asset is sent twice; of the two .wasm builds only the one this engine runs is sent; nothing that
// only a teacher uses (the LMS package builder and its font pieces) is sent. That the precache is
// enough to read offline is tests/browser/site.test.js's offline test.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { builtSite } from './built-site.js';
import { launchChromium, openPage, startStaticServer } from './harness.js';

// Bytes, uncompressed (the test server sends no compression). The goal of issue 34 is 1.0 MB, not met:
// this build sends 1.10 MB (40 files). The lab's worker carries its own copy of the core's JS (Vite
// bundles a worker apart, about 50 kB) and the quiz chunk (284 kB) both languages of the bank and the
// answer reader. The budget holds what was reached plus 1.5 %, so that growth fails here; the visit was
// 1.98 MB in 59 requests before.
const FIRST_VISIT_BUDGET = 1.12 * 1000 * 1000;
const IDLE_MS = 5000;
const site = {};
before(async () => {
  site.dir = await builtSite();
  site.browser = await launchChromium();
});
after(async () => { await site.browser?.close(); });

test('first visit, idle at the top until offline-ready: within the budget, no asset twice, one .wasm, no teacher-only code', { timeout: 120000 }, async () => {
  const served = [];
  const server = await startStaticServer(site.dir, { onServe: (file, bytes) => served.push({ file, bytes }) });
  const page = await openPage(site.browser, { viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(server.url);
    await page.waitForTimeout(IDLE_MS);
    await page.waitForSelector('.offline-notice', { timeout: 60000 }); // the worker has precached everything
    await page.waitForLoadState('networkidle');
    const relaxed = await page.evaluate(() => WebAssembly.validate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123,
      3, 2, 1, 0, 10, 61, 1, 59, 0, 253, 12, ...new Array(16).fill(0), 253, 12, ...new Array(16).fill(0), 253, 12, ...new Array(16).fill(0),
      253, 133, 2, 11])));
    const total = served.reduce((sum, s) => sum + s.bytes, 0);
    const times = new Map();
    for (const s of served) times.set(s.file, (times.get(s.file) || 0) + 1);
    const largest = [...served].sort((a, b) => b.bytes - a.bytes).slice(0, 8).map((s) => `${s.file} ${s.bytes}`).join(', ');
    console.log(`# first visit: ${served.length} requests, ${total} bytes (budget ${FIRST_VISIT_BUDGET}); largest: ${largest}`);
    // The page's own HTML is the one file sent twice: the navigation and the worker's copy under its
    // revision (a page's name carries no hash, so the worker cannot take the browser's copy on trust).
    const twice = [...times].filter(([file, n]) => n > 1 && !/\.html$/.test(file));
    assert.deepEqual(twice, [], 'no asset sent twice');
    assert.ok(total <= FIRST_VISIT_BUDGET, `${total} bytes > ${FIRST_VISIT_BUDGET}`);
    const wasm = served.filter((s) => s.file.endsWith('.wasm')).map((s) => s.file);
    assert.equal(wasm.length, 1, `one .wasm: ${wasm}`);
    assert.match(wasm[0], relaxed ? /pe_ffn_relaxed-/ : /pe_ffn-/, 'the build this engine runs');
    const teacherOnly = served.filter((s) => /quiz-lms-download|noto-sans-kr-\d+-400-normal|fonts-.*\.json|\.xsd$/.test(s.file));
    assert.deepEqual(teacherOnly, [], 'nothing only a teacher uses');
    assert.ok(times.has('index.html') && times.has('quiz.html') && times.has('sw.js'), 'both pages and the worker');
    assert.deepEqual(page.problems, []);
  } finally {
    await page.context().close();
    await server.close();
  }
});
