// The LMS formats a quiz package can be built for, one file each (src/lms/formats/<format>.js), listed
// once here: the packaging (src/lms/package), the launch page's connection (src/lms/runtime/connect.js),
// the quiz page's choice, the `quiz-package` command and scripts/lms-sizes.mjs read this list. A format
// declares { name, manifestFile, schemas (the schema files it carries), manifest(p) -> text,
// packageId({ hex, urn, courseId }) -> id, auId?(id) -> the AU's id, protocol (the runtime API
// the launch page talks: 'scorm12', 'scorm2004' or 'cmi5', src/lms/runtime/connect.js) };
// docs/architecture.md has the recipe for a new one.
//
// API:
//   LMS_FORMATS       the formats, in the order the quiz page and the command offer them
//   FORMAT_NAMES      their names
//   lmsFormat(name)   the format of that name, or undefined
import scorm12 from './scorm12.js';
import scorm2004 from './scorm2004.js';
import cmi5 from './cmi5.js';

export const LMS_FORMATS = Object.freeze([scorm12, scorm2004, cmi5]);
export const FORMAT_NAMES = Object.freeze(LMS_FORMATS.map((f) => f.name));

export const lmsFormat = (name) => LMS_FORMATS.find((f) => f.name === name);
