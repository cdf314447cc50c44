// The tutorial page: renders the sections of src/i18n/<lang>/page.js around the custom elements, and
// keeps the page state (language, text size, the PE parameters) in the URL so it can be shared.
//
// Element instances are created once and moved between renders, so switching the language keeps
// what the learner set in them. Each element's code loads when it nears the viewport
// (lazy-elements.js), and the text of a language when it is first shown: the first load is the page,
// its Korean text, the core and its .wasm. Formulas arrive typeset (scripts/math-at-build.mjs).
import 'virtual:pe-tokens.css'; // the design tokens, light and dark (web/vite.config.js)
import { setPageLang, LANG_EVENT, normalizeLang, fill } from '../src/elements/shared/i18n.js';
import { getCore } from '../src/elements/shared/core.js';
import { tex } from '../src/elements/shared/math.js';
import { escapeHtml } from '../src/elements/shared/format.js';
import { readUrlState, writeUrlState } from '../src/elements/shared/url-state.js';
import { watchScrollRegions } from '../src/elements/shared/scroll-regions.js';
import { attributes, linkedTags } from '../src/elements/attributes.js';
import { watchElements, loadElement } from './lazy-elements.js';
import { offerOffline } from './offline.js';
import { mountThemeSwitch } from './theme-switch.js';
import ko from '../src/i18n/ko/page.js';

// Fetch and compile the module now, while the page's text is being built: the elements need it
// for their first numbers.
getCore().catch(() => {}); // a failure shows in each element, which asks again
// A link to a section (#formula) opens the page there: that section's elements are needed first, so
// their code is fetched now, beside the module, not once the first layout shows them near the
// viewport (the first numbers come 250-400 ms sooner; docs/performance.md). Both languages have the
// same elements in the same sections.
for (const block of ko.sections.find((section) => section.id === linkedId())?.blocks ?? []) {
  if (block.element) loadElement(block.element).catch(() => {}); // a failure shows when it is watched
}

// Korean, the page's first language, comes with the page; another language's text when first shown.
const pageTexts = import.meta.glob(['../src/i18n/*/page.js', '!../src/i18n/ko/page.js'], { import: 'default' });
const texts = { ko };
async function loadTexts(lang) {
  texts[lang] ??= await pageTexts[`../src/i18n/${lang}/page.js`]();
  return texts[lang];
}
const SIZES = [90, 100, 115, 130, 150];

// The PE settings of the page, kept in the URL: each drives an attribute on every element that
// marks it linked (src/elements/attributes.js), and is read with <pe-table>'s range for it; values
// are clamped to each element's own range.
const PE_PARAMS = { d_model: 'd-model', length: 'length', base: 'base', layout: 'layout' };
const sync = Object.fromEntries(Object.entries(PE_PARAMS).map(([key, attr]) => [key, { attr, tags: linkedTags(attr) }]));

// Page parameters that live in the URL, with their defaults (a default is left out of the URL).
const schema = {
  lang: { type: 'enum', values: ['ko', 'en'] },
  ...Object.fromEntries(Object.entries(PE_PARAMS).map(([key, attr]) => [key, attributes['pe-table'][attr]])),
  size: { type: 'enum', values: SIZES.map(String) },
};
const defaults = { lang: 'ko', d_model: 64, length: 50, base: 10000, layout: 'interleaved', size: '100' };
const byAttr = Object.fromEntries(Object.entries(sync).map(([key, { attr }]) => [attr, key]));

const state = { ...defaults, ...readUrlState(schema) };
const elementNodes = new Map();

// ---- inline text: $formula$, **bold**, `code` ----
function inline(text) {
  return String(text).split(/(\$[^$]+\$)/).map((part) => {
    if (part.length > 2 && part.startsWith('$') && part.endsWith('$')) return tex(part.slice(1, -1));
    // '**' becomes a marker first, so bold text may contain a formula.
    return escapeHtml(part).replace(/\*\*/g, '\u0001').replace(/`([^`]+)`/g, '<code>$1</code>');
  }).join('').replace(/\u0001([\s\S]*?)\u0001/g, '<strong>$1</strong>');
}

/** The attribute value a page parameter gives one element, clamped to what that element accepts. */
function valueFor(tag, attr, value) {
  const spec = attributes[tag]?.[attr];
  if (!spec || typeof value !== 'number') return value;
  return Math.max(spec.min, Math.min(spec.max, value));
}

function applyParam(key, except) {
  const { attr, tags } = sync[key];
  for (const tag of tags) {
    for (const el of document.querySelectorAll(tag)) {
      if (el === except) continue;
      const v = String(valueFor(tag, attr, state[key]));
      if (el.getAttribute(attr) !== v) el.setAttribute(attr, v);
    }
  }
}

function elementFor(block, key) {
  let el = elementNodes.get(key);
  if (!el) {
    const tag = block.element;
    el = document.createElement(tag);
    for (const [name, value] of Object.entries(block.attrs || {})) el.setAttribute(name, String(value));
    for (const [k, { attr, tags }] of Object.entries(sync)) {
      if (tags.includes(tag)) el.setAttribute(attr, String(valueFor(tag, attr, state[k])));
    }
    elementNodes.set(key, el);
  }
  return el;
}

function quizHref(topic) {
  const query = state.lang === 'en' ? '?lang=en' : '';
  return `quiz.html${query}${topic ? `#${topic}` : ''}`;
}

function renderBlock(block, key) {
  if (block.element) return elementFor(block, key);
  const wrap = document.createElement('div');
  if (block.p) wrap.innerHTML = `<p>${inline(block.p)}</p>`;
  else if (block.h) wrap.innerHTML = `<h3>${inline(block.h)}</h3>`;
  else if (block.tex) wrap.innerHTML = `<div class="display-math">${tex(block.tex, { display: true })}</div>`;
  else if (block.list) {
    const tag = block.ordered ? 'ol' : 'ul';
    wrap.innerHTML = `<${tag}>${block.list.map((item) => `<li>${inline(item)}</li>`).join('')}</${tag}>`;
  } else if (block.note) {
    wrap.innerHTML = `<aside class="note"><p class="note-title">${escapeHtml(block.title || '')}</p><p>${inline(block.note)}</p></aside>`;
  } else if (block.quiz) {
    wrap.innerHTML = `<p class="quiz-cta"><a href="${quizHref(block.topic)}">${escapeHtml(block.quiz)} →</a></p>`;
  } else if (block.table) {
    const t = block.table;
    wrap.innerHTML = `<div class="table-scroll"><table><caption>${escapeHtml(t.caption)}</caption>
      <thead><tr>${t.head.map((h) => `<th scope="col">${escapeHtml(h)}</th>`).join('')}</tr></thead>
      <tbody>${t.rows.map((r) => `<tr><th scope="row">${inline(r[0])}</th>${r.slice(1).map((c) => `<td>${inline(c)}</td>`).join('')}</tr>`).join('')}</tbody>
    </table></div>`;
  }
  return wrap.firstElementChild || wrap;
}

function renderGlossary(g) {
  const section = document.createElement('section');
  section.id = g.id;
  section.setAttribute('aria-labelledby', `${g.id}-h`);
  section.innerHTML = `<h2 id="${g.id}-h">${escapeHtml(g.title)}</h2><p>${escapeHtml(g.intro)}</p>
    <div class="table-scroll"><table class="glossary">
      <thead><tr><th scope="col">${escapeHtml(g.headTerm)}</th><th scope="col">${escapeHtml(g.headAlso)}</th><th scope="col">${escapeHtml(g.headEn)}</th><th scope="col">${escapeHtml(g.headMeaning)}</th></tr></thead>
      <tbody>${g.terms.map(([term, also, eng, meaning]) => `<tr><th scope="row" lang="ko">${escapeHtml(term)}</th><td lang="ko" data-label="${escapeHtml(g.headAlso)}">${escapeHtml(also)}</td><td lang="en" data-label="${escapeHtml(g.headEn)}">${escapeHtml(eng)}</td><td data-label="${escapeHtml(g.headMeaning)}">${escapeHtml(meaning)}</td></tr>`).join('')}</tbody>
    </table></div>`;
  return section;
}

function renderSection(section) {
  const el = document.createElement('section');
  el.id = section.id;
  el.setAttribute('aria-labelledby', `${section.id}-h`);
  const h2 = document.createElement('h2');
  h2.id = `${section.id}-h`;
  h2.textContent = section.title;
  el.append(h2);
  section.blocks.forEach((block, i) => el.append(renderBlock(block, `${section.id}:${i}`)));
  return el;
}

// On the first load only the sections up to the one the URL links to (at least FIRST_SECTIONS) are
// built at once; the rest follow one per task, so the browser lays out and paints the top of the
// page, and the module's first numbers, without waiting for the whole page. A later render (the
// language switch) builds everything at once to keep the reader's scroll position.
const FIRST_SECTIONS = 3;
let renderGeneration = 0;

/** The section id the URL's #hash names; a malformed escape ('#%', '#%E0%A4%A') is taken as written. */
function linkedId() {
  const raw = location.hash.slice(1);
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

// The page's own wide formulas and tables scroll sideways on a phone: keyboard-reachable when they do.
watchScrollRegions(document.getElementById('main'), '.display-math, .table-scroll, pre');

function renderPage({ progressive = false } = {}) {
  const t = texts[state.lang];
  const generation = ++renderGeneration;
  document.title = t.htmlTitle;
  for (const el of document.querySelectorAll('[data-text]')) el.textContent = t[el.dataset.text];
  for (const el of document.querySelectorAll('[data-label]')) el.setAttribute('aria-label', t[el.dataset.label]);
  // The glyph (가−, A+) is hidden from assistive technology; the button's name is its hidden label.
  for (const b of document.querySelectorAll('[data-size] .size-glyph')) b.textContent = (state.lang === 'en' ? 'A' : '가') + ['−', '', '+'][Number(b.parentElement.dataset.size) + 1];
  for (const b of document.querySelectorAll('[data-lang]')) b.setAttribute('aria-pressed', String(b.dataset.lang === state.lang));
  document.querySelector('.quiz-link').href = quizHref('');

  const main = document.getElementById('main');
  const scrollY = window.scrollY;
  main.replaceChildren();
  delete main.dataset.complete;   // set again once every section is in (tests and scripts wait for it)
  const all = [...t.sections, t.glossary];
  const render = (section) => (section === t.glossary ? renderGlossary(section) : renderSection(section));
  const linked = all.findIndex((section) => section.id === linkedId());
  const now = progressive ? Math.max(FIRST_SECTIONS, linked + 1) : all.length;
  for (const section of all.slice(0, now)) main.append(render(section));
  const rest = all.slice(now);
  const more = () => {
    if (generation !== renderGeneration) return;
    if (!rest.length) {
      main.dataset.complete = 'true';
      return;
    }
    main.append(render(rest.shift()));
    setTimeout(more, 0);
  };
  setTimeout(more, 0);
  // Each entry is its heading, with the heading's own number (8-1., 8-2.); the list adds none.
  const toc = all.map((s) => `<li><a href="#${s.id}">${escapeHtml(s.title)}</a></li>`);
  document.querySelector('.toc ol').innerHTML = toc.join('');
  window.scrollTo(0, scrollY);
}

function applySize() {
  document.documentElement.style.fontSize = `${state.size}%`;
}

function saveState() {
  writeUrlState(state, schema, defaults);
}

async function setLang(lang) {
  state.lang = normalizeLang(lang);
  await loadTexts(state.lang);
  renderPage();
  setPageLang(state.lang); // sets <html lang> and tells every element
  saveState();
}

// ---- wiring ----
document.querySelector('.tools').addEventListener('click', async (event) => {
  const b = event.target.closest('button');
  if (!b) return;
  if (b.dataset.lang) setLang(b.dataset.lang);
  else if (b.dataset.size !== undefined) {
    const step = Number(b.dataset.size);
    const i = SIZES.indexOf(Number(state.size));
    state.size = String(step === 0 ? 100 : SIZES[Math.max(0, Math.min(SIZES.length - 1, i + step))]);
    applySize();
    saveState();
  } else if (b.classList.contains('share')) {
    saveState();
    const status = document.querySelector('.share-status');
    const t = texts[state.lang];
    try {
      await navigator.clipboard.writeText(location.href);
      status.textContent = t.shareDone;
    } catch {
      status.textContent = fill(t.shareFail, { url: location.href });
    }
  }
});

// A learner changed a PE parameter in one element: keep the others and the URL in step.
document.addEventListener('pe-ffn-change', (event) => {
  const key = byAttr[event.detail.name];
  if (!key || !sync[key].tags.includes(event.target.localName)) return;
  state[key] = event.detail.value;
  applyParam(key, event.target);
  saveState();
});

// Another script (or an element) may switch the language too.
document.addEventListener(LANG_EVENT, async (event) => {
  const lang = normalizeLang(event.detail && event.detail.lang);
  if (lang !== state.lang) {
    state.lang = lang;
    await loadTexts(lang);
    renderPage();
    saveState();
  }
});

// The other language's text is fetched when the reader reaches for the switch, so it is ready on click.
document.querySelector('.tools [data-label="language"]').addEventListener('pointerenter', () => {
  for (const path of Object.keys(pageTexts)) loadTexts(path.split('/').at(-2));
}, { once: true });

// The table of contents starts folded on narrow screens.
if (window.matchMedia('(max-width: 1099px)').matches) document.querySelector('.toc details').open = false;

mountThemeSwitch(document.querySelector('.tools'), () => state.lang);
applySize();
// A promise, not a top-level await: a module with one turns off Rolldown's chunk merging for the whole
// build, and the first load then fetches the core in several chunks (~1.6 kB gzip more).
loadTexts(state.lang).then(() => {
  renderPage({ progressive: true });
  watchElements(document.getElementById('main'));
  document.documentElement.setAttribute('lang', state.lang);
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  offerOffline(() => state.lang);
});
