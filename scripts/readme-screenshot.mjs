// Takes the README's picture, docs/images/pe-heatmap.png: the tutorial's <pe-heatmap> as a reader sees
// it (the attributes of the README's first example are its defaults), from a built site.
// Usage: npm run build:web && node scripts/readme-screenshot.mjs [siteDir]   (default dist-web/)
import { launchChromium, openPage, startStaticServer } from '../tests/browser/harness.js';

const OUT = 'docs/images/pe-heatmap.png';
const server = await startStaticServer(process.argv[2] || 'dist-web');
const browser = await launchChromium();
try {
  const page = await openPage(browser, { viewport: { width: 760, height: 1400 }, serviceWorkers: 'block' });
  await page.goto(`${server.url}#waves`);
  await page.waitForFunction(() => document.querySelector('pe-heatmap')?.shadowRoot?.querySelector('canvas.map[aria-label]'), null, { timeout: 30000 });
  await page.evaluate(() => document.querySelector('pe-heatmap').scrollIntoView());
  const box = await page.locator('pe-heatmap').boundingBox();
  // The controls, the map and its legend: the first 725 pixels of the element.
  await page.screenshot({ path: OUT, clip: { x: box.x, y: box.y, width: box.width, height: 725 } });
  console.log(`readme-screenshot: wrote ${OUT}`);
} finally {
  await browser.close();
  await server.close();
}
