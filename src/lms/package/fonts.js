// Which pieces of the packaged font a quiz needs: every code point of its text (bank, interface
// strings, title) looked up in the pieces' unicode ranges, sorted once so that each look-up is a
// binary search (n log r for n characters and r ranges). Only those pieces go into the zip, each with
// its @font-face and unicode-range, so the browser loads only what a page shows.
//   fontPieces(index, text) -> [{ file, ranges }]   index: dist/lms/fonts.json
//   fontFaceCss(index, pieces) -> CSS text (url(fonts/<file>))

export function fontPieces(index, text) {
  const table = [];
  index.fonts.forEach((f, i) => { for (const [a, b] of f.ranges) table.push([a, b, i]); });
  table.sort((x, y) => x[0] - y[0]);
  const used = new Set();
  const seen = new Set();
  for (const ch of text) {
    const cp = ch.codePointAt(0);
    if (seen.has(cp)) continue;
    seen.add(cp);
    let lo = 0;
    let hi = table.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (table[mid][0] > cp) hi = mid - 1;
      else if (table[mid][1] < cp) lo = mid + 1;
      else { used.add(table[mid][2]); break; }
    }
  }
  return index.fonts.filter((_, i) => used.has(i));
}

const hex = (n) => n.toString(16);

export function fontFaceCss(index, pieces) {
  return pieces.map((p) => `@font-face { font-family: '${index.family}'; font-style: normal; font-weight: ${index.weight}; font-display: swap;
  src: url(fonts/${p.file}) format('woff2');
  unicode-range: ${p.ranges.map(([a, b]) => (a === b ? `U+${hex(a)}` : `U+${hex(a)}-${hex(b)}`)).join(',')}; }`).join('\n');
}
