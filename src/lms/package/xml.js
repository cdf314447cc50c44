// XML text for the manifests: escaping of text and attribute values (every character that could end
// them), and removal of characters XML 1.0 does not allow at all.
const INVALID = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

export function xmlText(value) {
  return String(value).replace(INVALID, '').replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
