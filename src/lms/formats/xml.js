// XML text for the manifests: escaping of text and attribute values (every character that could end
// them), removal of characters XML 1.0 does not allow at all, and numbers as xs:decimal.
const INVALID = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlText(value) {
  return String(value).replace(INVALID, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

/**
 * A number as xs:decimal text, which has no exponent: 1e-7 -> '0.0000001', 0.8 -> '0.8'. Exact: the
 * digits are JavaScript's shortest round-trip ones, only moved past the point.
 */
export function xmlDecimal(value) {
  const [digits, exponent] = String(Math.abs(value)).split('e');
  if (exponent === undefined) return `${value < 0 ? '-' : ''}${digits}`;
  const [whole, fraction = ''] = digits.split('.');
  const e = Number(exponent);
  const all = whole + fraction;
  const point = whole.length + e;
  const text = point <= 0 ? `0.${'0'.repeat(-point)}${all}` : point >= all.length ? all + '0'.repeat(point - all.length) : `${all.slice(0, point)}.${all.slice(point)}`;
  return `${value < 0 ? '-' : ''}${text}`;
}
