// Colour-blind-safe colours. Values in [-1, 1] (PE entries, similarities) use viridis; signed
// quantities where the sign matters (ReLU cuts, differences) use the purple-orange diverging scale;
// categories (sin vs cos, several wave lines) use the Okabe-Ito palette. Never red/green alone.
//
// API:
//   valueColor(v, min = -1, max = 1)  viridis colour string for v in [min, max] (clamped)
//   signedColor(v, limit = 1)          PuOr: negative purple, 0 near white, positive orange
//   rgbOf(colorString)                 [r, g, b] 0..255 (for canvas ImageData)
//   textColorOn(colorString)           '#000' or '#fff', whichever reads better on that background
//   gradientCss(interpolator, steps)   'linear-gradient(to right, ...)' for legends
//   SIN_COLOR, COS_COLOR, SERIES       Okabe-Ito: sin blue, cos orange, series for lines
//   viridis, puor                      the d3 interpolators themselves (t in [0, 1])
import { interpolateViridis, interpolatePuOr } from 'd3-scale-chromatic';

export const viridis = interpolateViridis;
// d3's PuOr runs purple (t = 0) -> white -> orange (t = 1): negatives purple, positives orange.
export const puor = interpolatePuOr;

export const SIN_COLOR = '#0072B2';
export const COS_COLOR = '#D55E00';
export const SERIES = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'];

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
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.2 ? '#000' : '#fff';
}

export function gradientCss(interpolator = viridis, steps = 10) {
  const stops = [];
  for (let i = 0; i <= steps; i++) stops.push(`${interpolator(i / steps)} ${(100 * i) / steps}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}
