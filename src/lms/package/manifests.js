// The package descriptions an LMS reads on upload: imsmanifest.xml for SCORM 1.2 and SCORM 2004 4th
// edition (one SCO: the launch page, with every file listed), cmi5.xml for cmi5 (one AU).
//   scorm12Manifest(p), scorm2004Manifest(p), cmi5CourseStructure(p)
//     p = { id, auId (cmi5), title, lang, mastery (0..1 or null), files: ['index.html', ...], description }
import { xmlText as x, xmlDecimal } from './xml.js';

const files = (list) => list.map((f) => `      <file href="${x(f)}"/>`).join('\n');

// The one organization with its one item, and the one SCO resource listing every file, the same in
// both SCORM versions but for the item's extra attribute and element and the spelling of scormtype.
const scoBody = ({ title, itemAttribute, itemExtra, scormType, list }) => `  <organizations default="org">
    <organization identifier="org">
      <title>${x(title)}</title>
      <item identifier="quiz" identifierref="quiz-sco"${itemAttribute}>
        <title>${x(title)}</title>${itemExtra}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="quiz-sco" type="webcontent" adlcp:${scormType}="sco" href="index.html">
${files(list)}
    </resource>
  </resources>
</manifest>
`;

export function scorm12Manifest({ id, title, mastery, files: list }) {
  const masteryLine = mastery === null ? '' : `\n        <adlcp:masteryscore>${Math.round(mastery * 100)}</adlcp:masteryscore>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${x(id)}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
${scoBody({ title, itemAttribute: ' isvisible="true"', itemExtra: masteryLine, scormType: 'scormtype', list })}`;
}

export function scorm2004Manifest({ id, title, mastery, files: list }) {
  // The pass mark as the primary objective's measure: the LMS hands it to the SCO as
  // cmi.scaled_passing_score, and rolls success up from it.
  const sequencing = mastery === null ? '' : `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pass-mark" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${xmlDecimal(mastery)}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${x(id)}" version="1"
  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
${scoBody({ title, itemAttribute: '', itemExtra: sequencing, scormType: 'scormType', list })}`;
}

export function cmi5CourseStructure({ id, auId, title, lang, mastery, description }) {
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
}
