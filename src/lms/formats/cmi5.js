// cmi5: the package's cmi5.xml (a course of one AU, the launch page; the pass mark as masteryScore and
// moveOn CompletedAndPassed), its ids IRIs. The launch page reaches the LMS through cmi5's xAPI launch
// (protocol 'cmi5': src/lms/runtime/connect.js).
import { xmlText as x, xmlDecimal } from './xml.js';
import { uuidUrn } from './uuid.js';

export default Object.freeze({
  name: 'cmi5',
  // cmi5.xml names its schema by namespace only; no cmi5 XSD is published as a file to ship.
  schemas: Object.freeze([]),
  manifestFile: 'cmi5.xml',
  protocol: 'cmi5',
  // The course and its AU are activities (IRIs): a teacher's --id, else a name-based urn:uuid (no
  // domain in it: the package is nobody's web address); the AU's id derives from the course's.
  packageId: ({ urn, courseId }) => courseId || urn,
  auId: (id) => uuidUrn(`${id}#au`),
  /** p = { id, auId, title, lang, mastery (0..1 or null), files: ['index.html', ...], description } */
  manifest({ id, auId, title, lang, mastery, description }) {
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
  <au id="${x(auId)}" moveOn="${moveOn}"${masteryAttr} launchMethod="AnyWindow">
    <title>${text(title)}</title>
    <description>${text(description)}</description>
    <url>index.html</url>
  </au>
</courseStructure>
`;
  },
});
