// Offline after the first visit: registers the service worker (web/sw.js, built by vite-plugin-pwa
// with Workbox: it precaches the tutorial, the quiz page, every reader's script chunk, the .wasm build
// this engine runs and the fonts), a few seconds after the page has loaded, when the browser is idle, so the precache does not compete
// with the first load and the first elements.
// A new version is offered in a small bar, never forced: the reader chooses when to reload. The worker
// controls the page that installed it, so a page open across a deploy keeps its own version's files;
// a page without a worker (none yet, or a browser that refuses one) whose code fails to load — the
// deploy removed the files it was built with — offers the reload instead of leaving elements empty.
//
// API:
//   offerOffline(getLang)   registers the worker and watches the page's code loading; getLang() gives
//                           'ko' | 'en' for the notices
import { registerSW } from 'virtual:pwa-register';
import ko from '../src/i18n/ko/offline.js';
import en from '../src/i18n/en/offline.js';

const strings = { ko, en };
const START_DELAY_MS = 3000;

function notice(getLang, { text, actions = [] }) {
  document.querySelector('.offline-notice')?.remove();
  const bar = document.createElement('div');
  bar.className = 'offline-notice';
  bar.setAttribute('role', 'status');
  const p = document.createElement('p');
  p.textContent = text;
  bar.append(p);
  for (const { label, onClick, primary } of actions) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    if (primary) button.className = 'primary';
    button.addEventListener('click', onClick);
    bar.append(button);
  }
  document.body.append(bar);
  return bar;
}

export function offerOffline(getLang) {
  // Vite's event for a dynamic import that failed (an element, a language's text, the LMS download).
  addEventListener('vite:preloadError', () => {
    const s = strings[getLang()];
    const bar = notice(getLang, {
      text: s.stale,
      actions: [
        { label: s.reloadStale, primary: true, onClick: () => location.reload() },
        { label: s.later, onClick: () => bar.remove() },
      ],
    });
  });
  if (!('serviceWorker' in navigator)) return;
  const start = () => {
    const updateSW = registerSW({
      immediate: true,
      onOfflineReady() {
        // In the header's flow, not floating over the page: nothing to act on, so it covers nothing.
        const bar = notice(getLang, { text: strings[getLang()].ready });
        bar.classList.add('ready');
        document.querySelector('header.site .bar')?.after(bar);
        setTimeout(() => bar.remove(), 8000);
      },
      onNeedRefresh() {
        const s = strings[getLang()];
        const bar = notice(getLang, {
          text: s.update,
          actions: [
            { label: s.reload, primary: true, onClick: () => updateSW(true) },
            { label: s.later, onClick: () => bar.remove() },
          ],
        });
      },
    });
  };
  // A few seconds after load, when idle: the elements near the first screen load first.
  const idle = () => setTimeout(() => (window.requestIdleCallback ? requestIdleCallback(start, { timeout: 5000 }) : start()), START_DELAY_MS);
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}
