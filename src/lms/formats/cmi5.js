// cmi5: the package's cmi5.xml (a course of one AU, the launch page; the pass mark as masteryScore and
// moveOn CompletedAndPassed), its ids IRIs. The launch page reaches the LMS through cmi5's xAPI launch
// (protocol 'cmi5': src/lms/runtime/connect.js).
import { xmlText as x, xmlDecimal } from './xml.js';

export default Object.freeze({
  name: 'cmi5',
  manifestFile: 'cmi5.xml',
  protocol: 'cmi5',
  packageId: (hex) => `https://pe-ffn-wasm.dev/lms/quiz/${hex}`,
  /** p = { id, title, lang, mastery (0..1 or null), files: ['index.html', ...], description } */
  manifest({ id, title, lang, mastery, description }) {
    const l = lang === 'en' ? 'en-US' : 'ko-KR';
    const text = (t) => `<langstring lang="${l}">${x(t)}</langstring>`;
    const moveOn = mastery === null ? 'Completed' : 'CompletedAndPassed';
    const masteryAttr = mastery === null ? '' : ` masteryScore="${xmlDecimal(mastery)}"`;
    return `<?xml version="1.0" encoding="UTF-8"?>
<courseStructure xmlns="https://w3id.org/xapi/profiles/cmi5/v1/CourseStructure.xsd">
  <course id="${x(id)}">
    <title>${text(title)}</title>
    <description>${text(description)}</description>
  </course>
  <au id="${x(`${id}/au/quiz`)}" moveOn="${moveOn}"${masteryAttr} launchMethod="AnyWindow">
    <title>${text(title)}</title>
    <description>${text(description)}</description>
    <url>index.html</url>
  </au>
</courseStructure>
`;
  },
});
