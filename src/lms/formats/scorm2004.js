// SCORM 2004 4th edition: the package's imsmanifest.xml (one SCO; the pass mark as the primary
// objective's measure, which the LMS hands to the SCO as cmi.scaled_passing_score and rolls success up
// from). The launch page talks SCORM 2004's runtime API (protocol 'scorm2004': src/lms/runtime/connect.js).
import { scoManifest } from './sco-manifest.js';
import { xmlDecimal } from './xml.js';

export default Object.freeze({
  name: 'scorm2004',
  // The schema files its manifest's xsi:schemaLocation names, and those they import (src/lms/package/schemas/README.md).
  schemas: Object.freeze([
      'imscp_v1p1.xsd', 'adlcp_v1p3.xsd', 'adlseq_v1p3.xsd', 'adlnav_v1p3.xsd', 'imsss_v1p0.xsd',
      'imsss_v1p0auxresource.xsd', 'imsss_v1p0control.xsd', 'imsss_v1p0delivery.xsd', 'imsss_v1p0limit.xsd',
      'imsss_v1p0objective.xsd', 'imsss_v1p0random.xsd', 'imsss_v1p0rollup.xsd', 'imsss_v1p0seqrule.xsd',
      'imsss_v1p0util.xsd', 'xml.xsd', 'XMLSchema.dtd', 'datatypes.dtd',
  ]),
  manifestFile: 'imsmanifest.xml',
  protocol: 'scorm2004',
  packageId: ({ hex }) => `pe-ffn-quiz-${hex}`,
  /** p = { id, title, lang, mastery (0..1 or null), files: ['index.html', ...], description } */
  manifest({ id, title, mastery, files }) {
    const sequencing = mastery === null ? '' : `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="pass-mark" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${xmlDecimal(mastery)}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`;
    return scoManifest({
      id, version: '1', title, itemAttribute: '', itemExtra: sequencing, scormType: 'scormType', files,
      head: `  xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
  xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
  xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
  xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
  xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>`,
    });
  },
});
