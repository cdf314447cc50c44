// Language of an element and of the page. Strings live in src/i18n/<lang>/<name>.js; an element
// passes both dictionaries and gets the one for its language.
//
// API:
//   LANG_EVENT                  'pe-ffn-lang', dispatched on document when the page language changes
//   LANGS                       ['ko', 'en']
//   normalizeLang(value)        'en' for any 'en', 'en-US' ...; otherwise 'ko' (the default)
//   langOf(element)            the element's lang attribute, else the closest ancestor's (crossing
//                               shadow roots), else <html lang>; normalised
//   pick(dicts, lang)           dicts = { ko, en } -> the dictionary for lang (falls back to ko)
//   fill(template, vars)        'a {x} b' + { x: 1 } -> 'a 1 b'; a Korean particle right after a
//                               placeholder fits the value: '위치 {p}는' + { p: 60 } -> '위치 60은'
//                               (../../i18n/particle.js, shared with the quiz module)
//   setPageLang(lang)           sets <html lang> and dispatches LANG_EVENT (detail: { lang })

export const LANG_EVENT = 'pe-ffn-lang';
export const LANGS = ['ko', 'en'];

export function normalizeLang(value) {
  return String(value || '').toLowerCase().startsWith('en') ? 'en' : 'ko';
}

export function langOf(element) {
  let node = element;
  while (node) {
    if (node.nodeType === 1 && node.hasAttribute('lang') && node.getAttribute('lang')) {
      return normalizeLang(node.getAttribute('lang'));
    }
    // Step out of a shadow root to its host, so elements nested in other elements still inherit.
    node = node.parentNode instanceof ShadowRoot ? node.parentNode.host : node.parentNode;
  }
  return normalizeLang(document.documentElement.getAttribute('lang'));
}

export function pick(dicts, lang) {
  return dicts[lang] || dicts.ko;
}

export { fillTemplate as fill } from '../../i18n/particle.js';

export function setPageLang(lang) {
  const value = normalizeLang(lang);
  document.documentElement.setAttribute('lang', value);
  document.dispatchEvent(new CustomEvent(LANG_EVENT, { detail: { lang: value } }));
}
