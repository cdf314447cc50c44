// pe-ffn-wasm/quiz: the question bank, grading, generated practice and Moodle exchange formats for
// quiz pages that build their own UI. The core is passed in (generate(core, ...)), never imported,
// so this module works with any init() instance.
export { builtinBank } from './bank.js';
export { validateBank, QUESTION_TYPES } from './schema.js';
export { grade, expectedText } from './grade.js';
export { generate, normalizeSeed, TOPICS } from './generate.js';
export { toGIFT, fromGIFT } from './gift.js';
export { toMoodleXML } from './moodle-xml.js';
export { readAnswer, parseNumber, parseOX, parseChoice, readNumber, readOX, readChoice } from './parse-answer.js';
export { localizeQuestion, localizeStudySheet } from './localize.js';
export { mulberry32, hashSeed } from './prng.js';
export { buildQuizSet, choiceOrder, resolveTopic, QUIZ_TOPICS, DEFAULT_COUNT } from './select.js';
export { tutorialSection, tutorialHref } from './tutorial-link.js';
