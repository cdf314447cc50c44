// The theme switch of both pages: a labelled <select> (System / Light / Dark) in the header toolbar.
// The choice sets data-theme on <html> (the design tokens and every element follow it, see
// src/elements/shared/tokens.js) and is kept in localStorage for the next visit, where the inline
// boot script of theme-boot.js applies it before the first paint. Its words follow the page language.
//
// API:
//   mountThemeSwitch(root, getLang)   wires the .theme-pick control under root; getLang() -> 'ko' | 'en'
//   storedTheme()                     'system' | 'light' | 'dark' (what localStorage holds)
//   applyTheme(choice)                sets (or for 'system' removes) <html data-theme> and stores it
import { THEME_KEY, THEMES } from './theme-boot.js';
import { LANG_EVENT, normalizeLang } from '../src/elements/shared/i18n.js';
import ko from '../src/i18n/ko/theme.js';
import en from '../src/i18n/en/theme.js';

const strings = { ko, en };

export function storedTheme() {
  try {
    const value = localStorage.getItem(THEME_KEY);
    return THEMES.includes(value) ? value : 'system';
  } catch {
    return 'system'; // storage blocked: the system's preference, every visit
  }
}

export function applyTheme(choice) {
  const value = THEMES.includes(choice) ? choice : 'system';
  if (value === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', value);
  try {
    if (value === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, value);
  } catch {
    // storage blocked: the choice holds for this page only
  }
}

function localize(box, lang) {
  const s = strings[normalizeLang(lang)];
  box.querySelector('label').textContent = s.label;
  for (const option of box.querySelectorAll('option')) option.textContent = s[option.value];
}

export function mountThemeSwitch(root, getLang) {
  const box = root.querySelector('.theme-pick');
  const select = box.querySelector('select');
  select.value = storedTheme();
  select.addEventListener('change', () => applyTheme(select.value));
  localize(box, getLang());
  document.addEventListener(LANG_EVENT, (event) => localize(box, (event.detail && event.detail.lang) || getLang()));
  // Another tab changed the choice: follow it here too.
  addEventListener('storage', (event) => {
    if (event.key !== THEME_KEY && event.key !== null) return;
    select.value = storedTheme();
    applyTheme(select.value);
  });
}
