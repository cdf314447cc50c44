// Drawing a row-major matrix onto a canvas, one pixel per value (viridis from min to max), with the
// cells a learned table has no row for drawn as stripes of two theme colours instead of a colour.
//
// API:
//   drawMatrix(canvas, data, rows, cols, { min, max, stripes })  NaN cells are "no value", striped
//                                          in stripes = [[r, g, b], [r, g, b]] (the caller's theme)
//   range(data)                                           -> [min, max] of the finite values ([0, 1] if none)
import { rgbOf, valueColor } from '../shared/colors.js';

const LUT = Array.from({ length: 256 }, (_, i) => rgbOf(valueColor(i / 255, 0, 1)));

export function range(data) {
  let lo = Infinity, hi = -Infinity;
  for (const v of data) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return lo <= hi ? [lo, hi] : [0, 1];
}

export function drawMatrix(canvas, data, rows, cols, { min, max, stripes }) {
  const [lo, hi] = min === undefined ? range(data) : [min, max];
  canvas.width = cols;
  canvas.height = rows;
  const ctx = canvas.getContext('2d');
  const img = ctx.createImageData(cols, rows);
  const scale = 255 / (hi - lo || 1);
  for (let r = 0, i = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++, i++) {
      const v = data[i];
      const rgb = Number.isFinite(v) ? LUT[Math.max(0, Math.min(255, Math.round((v - lo) * scale)))] : stripes[((r + c) >> 1) & 1];
      img.data[4 * i] = rgb[0];
      img.data[4 * i + 1] = rgb[1];
      img.data[4 * i + 2] = rgb[2];
      img.data[4 * i + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
  return [lo, hi];
}
