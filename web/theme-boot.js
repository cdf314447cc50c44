// The reader's theme choice, kept in localStorage and applied before the first paint: web/vite.config.js
// puts themeBootScript inline at the top of each page's <head>, so a stored "dark" never flashes light.
// Importable in Node (the config reads it); web/theme-switch.js is the control that changes the choice.
//
// API:
//   THEME_KEY          the localStorage key ('pe-ffn-theme')
//   THEMES             ['system', 'light', 'dark']
//   themeBootScript    the inline script's text: sets <html data-theme> from a stored 'light' | 'dark'

export const THEME_KEY = 'pe-ffn-theme';
export const THEMES = ['system', 'light', 'dark'];

// 'system' (or nothing stored, or storage blocked) leaves data-theme off: prefers-color-scheme decides.
export const themeBootScript = `try{var t=localStorage.getItem(${JSON.stringify(THEME_KEY)});if(t==='light'||t==='dark')document.documentElement.setAttribute('data-theme',t)}catch(e){}`;
