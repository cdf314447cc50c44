// The schema files a SCORM package carries at its root: the ones its imsmanifest.xml names in
// xsi:schemaLocation and the ones those import or include (ADL's and IMS's published files, unchanged;
// ./schemas/README.md says where they come from). A cmi5 package carries none: cmi5.xml names its
// schema by namespace only, and no cmi5 XSD is published as a file to ship.
//   SCHEMA_FILES[format] -> file names, read from dist/lms/schemas/<format>/ (scripts/bundle-lms.mjs)
export const SCHEMA_FILES = Object.freeze({
  scorm12: Object.freeze(['imscp_rootv1p1p2.xsd', 'imsmd_rootv1p2p1.xsd', 'adlcp_rootv1p2.xsd', 'ims_xml.xsd']),
  scorm2004: Object.freeze([
    'imscp_v1p1.xsd', 'adlcp_v1p3.xsd', 'adlseq_v1p3.xsd', 'adlnav_v1p3.xsd', 'imsss_v1p0.xsd',
    'imsss_v1p0auxresource.xsd', 'imsss_v1p0control.xsd', 'imsss_v1p0delivery.xsd', 'imsss_v1p0limit.xsd',
    'imsss_v1p0objective.xsd', 'imsss_v1p0random.xsd', 'imsss_v1p0rollup.xsd', 'imsss_v1p0seqrule.xsd',
    'imsss_v1p0util.xsd', 'xml.xsd', 'XMLSchema.dtd', 'datatypes.dtd',
  ]),
  cmi5: Object.freeze([]),
});
