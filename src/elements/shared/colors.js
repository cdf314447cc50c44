// Colour-blind-safe colours. Values in [-1, 1] (PE entries, similarities) use viridis; signed
// quantities where the sign matters (ReLU cuts, differences) use the purple-orange diverging scale;
// categories (several wave lines, bars) use the Okabe-Ito palette as the design tokens --pe-series-*
// (shared/tokens.js: darker on light cards, lighter on dark ones). Never red/green alone.
// The data scales are the same in both themes; text on a data colour comes from textColorOn.
//
// API:
//   valueColor(v, min = -1, max = 1)  viridis colour string for v in [min, max] (clamped)
//   signedColor(v, limit = 1)          PuOr: negative purple, 0 near white, positive orange
//   rgbOf(colorString)                 [r, g, b] 0..255 (for canvas ImageData)
//   textColorOn(colorString)           '#000' or '#fff', whichever has the higher contrast on it
//                                      (at least 4.58:1 on any colour)
//   gradientCss(interpolator, steps)   'linear-gradient(to right, ...)' for legends
//   seriesColor(i)                     the CSS colour of series i = 0, 1, … (the tokens, cycling)
//   SERIES_COUNT                       how many series colours there are (7)
//   viridis, puor                      the d3 interpolators themselves (t in [0, 1])
import { interpolateViridis, interpolatePuOr } from 'd3-scale-chromatic';

export const viridis = interpolateViridis;
// d3's PuOr runs purple (t = 0) -> white -> orange (t = 1): negatives purple, positives orange.
export const puor = interpolatePuOr;

const SERIES = ['var(--pe-series-1)', 'var(--pe-series-2)', 'var(--pe-series-3)', 'var(--pe-series-4)',
  'var(--pe-series-5)', 'var(--pe-series-6)', 'var(--pe-series-7)'];
export const SERIES_COUNT = SERIES.length;
export const seriesColor = (i) => SERIES[i % SERIES_COUNT];

const clamp01 = (t) => (t < 0 ? 0 : t > 1 ? 1 : t);

export function valueColor(v, min = -1, max = 1) {
  if (!Number.isFinite(v)) return '#888';
  return viridis(clamp01((v - min) / (max - min || 1)));
}

export function signedColor(v, limit = 1) {
  if (!Number.isFinite(v)) return '#888';
  return puor(clamp01(0.5 + v / (2 * (limit || 1))));
}

// d3's interpolators give '#rrggbb' or 'rgb(r, g, b)'; those two forms are all we need to read.
export function rgbOf(color) {
  const hex = /^#([0-9a-f]{6})$/i.exec(color);
  if (hex) {
    const n = parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const m = /rgb\((\d+),\s*(\d+),\s*(\d+)\)/.exec(color);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [136, 136, 136];
}

export function textColorOn(color) {
  const [r, g, b] = rgbOf(color).map((x) => {
    const s = x / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L = 0.179.
  return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? '#000' : '#fff';
}

export function gradientCss(interpolator = viridis, steps = 10) {
  const stops = [];
  for (let i = 0; i <= steps; i++) stops.push(`${interpolator(i / steps)} ${(100 * i) / steps}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
