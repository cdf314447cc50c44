// Screenshots of <pe-lab> before, during and after training, to be looked at (issue 35): each width,
// language and theme asked for, the whole element cut into screen-sized parts, and the first screen from
// the start button down (where a reader on a phone waits). Not a test: run it by hand, then open the files.
//   node tests/browser/lab-screenshots.mjs [widths=390,1280] [langs=ko,en] [themes=light,dark] [steps=150]
// Writes test-artifacts/lab-shots/<phase>-<lang>-<width>-<theme>[-<part>].png and
// <phase>-screen-<lang>-<width>-<theme>.png (phase: before, during, after). Uses the Vite dev server.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { artifactsDir, launchChromium, openPage, repoRoot, startViteServer } from './harness.js';

const [widths = '390,1280', langs = 'ko,en', themes = 'light,dark', steps = '150'] = process.argv.slice(2);
const out = join(artifactsDir, 'lab-shots');
await mkdir(out, { recursive: true });
process.env.PE_FFN_TEST_SERVER = '1';
const vite = await startViteServer({ configFile: join(repoRoot, 'web/vite.config.js') });
const browser = await launchChromium();

async function shoot(page, phase, lang) {
  for (const width of widths.split(',').map(Number)) {
    await page.setViewportSize({ width, height: width > 600 ? 900 : 844 });
    for (const theme of themes.split(',')) {
      await page.evaluate((t) => document.documentElement.setAttribute('data-theme', t), theme);
      await page.evaluate(() => document.querySelector('pe-lab').updateComplete);
      await page.waitForTimeout(150);
      const name = `${phase}-${lang}-${width}-${theme}`;
      const box = await page.evaluate(() => {
        const r = document.querySelector('pe-lab').getBoundingClientRect();
        return { x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height };
      });
      const part = width > 600 ? 1000 : 800;
      for (let k = 0; k * part < box.height; k++) {
        const clip = { ...box, y: box.y + k * part, height: Math.min(part, box.height - k * part) };
        await writeFile(join(out, `${name}-${k}.png`), await page.screenshot({ fullPage: true, clip }));
      }
      await page.evaluate(() => document.querySelector('pe-lab').shadowRoot.querySelector('.start').scrollIntoView({ block: 'start' }));
      await writeFile(join(out, `${phase}-screen-${lang}-${width}-${theme}.png`), await page.screenshot());
    }
  }
}

try {
  for (const lang of langs.split(',')) {
    const page = await openPage(browser, { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    await page.goto(`${vite.url}?lang=${lang}&lab-steps=${steps}#lab`);
    await page.waitForFunction(() => document.querySelector('pe-lab')?.shadowRoot?.querySelector('.start:not([disabled])'), null, { timeout: 120000 });
    await shoot(page, 'before', lang);
    // During: from a fifth of the run on, while it goes on training (the curves grow between pictures).
    const done = page.evaluate(() => new Promise((resolve) => document.querySelector('pe-lab').addEventListener('pe-lab-done', resolve, { once: true })));
    await page.evaluate(() => new Promise((resolve) => {
      const el = document.querySelector('pe-lab');
      const fifth = Math.ceil(el.shownPlan().steps / 5);
      el.addEventListener('pe-lab-progress', function first(e) { if (e.detail.step >= fifth) { el.removeEventListener('pe-lab-progress', first); resolve(); } });
      el.start();
    }));
    await shoot(page, 'during', lang);
    await done;
    await page.waitForTimeout(500);
    await shoot(page, 'after', lang);
    if (page.problems.length) console.log(`${lang}: ${page.problems.join('\n')}`);
    await page.context().close();
  }
  console.log(`screenshots: ${out}`);
} finally {
  await browser.close();
  await vite.close();
}
