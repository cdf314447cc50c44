// The built-in question bank: the JSON files in ./bank/ put together into one bank object (the same
// shape a teacher's bank file has, see schema.js). The files are data; this module only assembles them.
import sections from './bank/sections.json' with { type: 'json' };
import documentExamples from './bank/document-examples.json' with { type: 'json' };
import positionalEncoding from './bank/positional-encoding.json' with { type: 'json' };
import feedForward from './bank/feed-forward.json' with { type: 'json' };
import studySheet from './bank/study-sheet.json' with { type: 'json' };
import rope from './bank/rope.json' with { type: 'json' };
import lab from './bank/lab.json' with { type: 'json' };

/** A fresh deep copy of the built-in bank, so callers may change it freely. */
export function builtinBank() {
  return structuredClone({
    format: 'pe-ffn-quiz-bank',
    version: 1,
    lang: 'ko',
    title: '위치 인코딩과 피드포워드 문제 은행',
    documents: sections.documents,
    sections: sections.sections,
    misconceptions: sections.misconceptions,
    studySheet: studySheet.studySheet,
    questions: [...documentExamples.questions, ...positionalEncoding.questions, ...feedForward.questions, ...rope.questions, ...lab.questions],
  });
}
