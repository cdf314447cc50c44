// The imsmanifest.xml of a SCORM package (1.2 and 2004 4th edition share it): one organization with its
// one item, and the one SCO resource listing every file, the launch page first. The versions differ
// in the head (namespaces, schemaversion), an attribute and an element of the item, and the spelling
// of scormtype; each format file passes its own.
//   scoManifest({ id, version, head, title, itemAttribute, itemExtra, scormType, files }) -> text
import { xmlText as x } from './xml.js';

export function scoManifest({ id, version, head, title, itemAttribute, itemExtra, scormType, files }) {
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${x(id)}" version="${version}"
${head}
  <organizations default="org">
    <organization identifier="org">
      <title>${x(title)}</title>
      <item identifier="quiz" identifierref="quiz-sco"${itemAttribute}>
        <title>${x(title)}</title>${itemExtra}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="quiz-sco" type="webcontent" adlcp:${scormType}="sco" href="index.html">
${files.map((f) => `      <file href="${x(f)}"/>`).join('\n')}
    </resource>
  </resources>
</manifest>
`;
}
