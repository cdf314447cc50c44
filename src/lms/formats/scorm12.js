// SCORM 1.2: the package's imsmanifest.xml (one SCO; the pass mark as adlcp:masteryscore, 0..100). The
// launch page talks SCORM 1.2's runtime API (protocol 'scorm12': src/lms/runtime/connect.js).
import { scoManifest } from './sco-manifest.js';

export default Object.freeze({
  name: 'scorm12',
  // The schema files its manifest's xsi:schemaLocation names, and those they import (src/lms/package/schemas/README.md).
  schemas: Object.freeze(['imscp_rootv1p1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'adlcp_rootv1p2.xsd', 'ims_xml.xsd']),
  manifestFile: 'imsmanifest.xml',
  protocol: 'scorm12',
  packageId: ({ hex }) => `pe-ffn-quiz-${hex}`,
  /** p = { id, title, lang, mastery (0..1 or null), files: ['index.html', ...], description } */
  manifest({ id, title, mastery, files }) {
    const masteryLine = mastery === null ? '' : `\n        <adlcp:masteryscore>${Math.round(mastery * 100)}</adlcp:masteryscore>`;
    return scoManifest({
      id, version: '1.0', title, itemAttribute: ' isvisible="true"', itemExtra: masteryLine, scormType: 'scormtype', files,
      head: `  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>`,
    });
  },
});
