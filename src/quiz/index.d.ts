// Types of pe-ffn-wasm/quiz: question banks, grading, generated practice, GIFT and Moodle XML.

/** A language code such as 'ko' or 'en'. */
export type Lang = string;
export type QuestionType = 'mc' | 'ox' | 'number' | 'text';
export type Topic = 'pe-value' | 'pe-column' | 'ffn-params' | 'ffn-dff' | 'attention' | 'ffn-forward' | 'pe-rotation';

/** A known wrong answer with its own explanation (and optionally the misconception it reveals). */
export interface Distractor {
  /** mc: 1-based choice number; ox: 0 or 1; number: the wrong value; text: the wrong text. */
  match: number | string;
  misconception?: string;
  explanation: string;
}

/** The translatable text of a question, stored under a two-letter language key such as `en`. */
export interface QuestionTranslation {
  prompt?: string;
  choices?: string[];
  explanation?: string;
  hints?: string[];
  /** Explanations of the distractors, in the same order. */
  distractors?: string[];
  unit?: string;
  category?: string;
  answer?: string;
  accept?: string[];
}

export interface Question {
  id: string;
  type: QuestionType;
  origin?: 'document' | 'original' | 'generated';
  /** Id of a section in the bank's `sections`, e.g. '001-quiz'. */
  section?: string;
  category?: string;
  prompt: string;
  /** Multiple choice only. */
  choices?: string[];
  /** mc: 1-based choice; ox: 1 (O, true) or 0 (X, false); number: the value; text: the answer. */
  answer: number | string;
  /** Text questions: other accepted spellings. */
  accept?: string[];
  /** Number questions: absolute tolerance (default 0). */
  tolerance?: number;
  /** Number questions: the unit shown with the answer (read after the number too). */
  unit?: string;
  /** Number questions: other units an answer may carry after the number ("라디안", "%": 86.7% is 0.867). */
  units?: string[];
  /** Number questions: names of the quantity an answer may put before the number ("열" reads "열 15"). */
  labels?: string[];
  explanation: string;
  hints?: string[];
  tags?: string[];
  difficulty?: 1 | 2 | 3;
  distractors?: Distractor[];
  /** Generated questions: the topic, seed and inputs they were made from. */
  params?: Record<string, unknown>;
  en?: QuestionTranslation;
  [translation: string]: unknown;
}

export interface Section { id: string; doc?: string; title: string; en?: { title?: string } }
export interface Misconception { id: string; text: string; en?: { text?: string } }
export interface StudySheetRow { id?: string; type: string; keyword: string; answer: string; tags?: string[] }
export interface StudySheet {
  title: string;
  section?: string;
  columns?: string[];
  summary?: string;
  rows: StudySheetRow[];
  en?: { title?: string; columns?: string[]; summary?: string; rows?: Partial<StudySheetRow>[] };
}

export interface Bank {
  format?: 'pe-ffn-quiz-bank';
  version?: 1;
  lang?: Lang;
  title?: string;
  documents?: { id: string; file?: string; title: string }[];
  sections?: Section[];
  misconceptions?: Misconception[];
  studySheet?: StudySheet;
  questions: Question[];
}

export interface GradeResult {
  correct: boolean;
  /** False when the answer was not graded: not read whole (then `feedback` says why and how to answer). */
  valid: boolean;
  /** Why the answer was not graded: "2번 틀림" negated, "아마 3" hedge, "3 4" several… */
  problem?: AnswerProblem;
  /** What was not understood, as typed: "틀림", "아마", "3, 4". */
  unread?: string;
  /** The right answer as display text, e.g. "② 사인", "X (0)", "4,722,432". */
  expected: string;
  explanation: string;
  /** The explanation of a known wrong answer, or how to answer when unreadable; '' otherwise. */
  feedback: string;
  misconception: string | null;
  misconceptionText: string;
  /** The parsed input: choice number, 0/1, number or text; null when unreadable. */
  given: number | string | null;
}

export interface GradeOptions { lang?: Lang; misconceptions?: Misconception[] }

/** The core instance from `init()` of pe-ffn-wasm (only what generation uses). */
export interface QuizCore {
  peValue(position: number, j: number, dModel: number, options?: { base?: number; layout?: 'interleaved' | 'concat' }): number;
  createFFN(options: object): {
    forward(x: Float32Array, options: { hidden: true }): { output: Float32Array; hidden: Float32Array };
    paramCount: number;
    dispose(): void;
  };
}

export interface GenerateOptions {
  /** 32-bit unsigned integer, or any text (hashed). Default 1. */
  seed?: number | string;
  /** 1 to 100, default 5. */
  count?: number;
  /** Default: all topics. A comma-separated string is accepted too. */
  topics?: readonly Topic[] | string;
}

export interface ExportOptions { lang?: Lang; category?: string }

export const TOPICS: readonly Topic[];
export const QUESTION_TYPES: readonly QuestionType[];

export function builtinBank(): Bank;
/** Returns the bank when valid; throws an Error whose message starts with the path of the first problem. */
export function validateBank(json: unknown): Bank;
export function grade(question: Question, input: string | number | boolean | null | undefined, options?: GradeOptions): GradeResult;
export function expectedText(question: Question, lang?: Lang): string;
export function generate(core: QuizCore, options?: GenerateOptions): Question[];
export function normalizeSeed(seed: number | string | undefined | null): number;
export function toGIFT(questions: readonly Question[], options?: ExportOptions): string;
export function fromGIFT(text: string): Question[];
export function toMoodleXML(questions: readonly Question[], options?: ExportOptions): string;
/** The kinds of "not graded" (src/quiz/parse/rules.js, NOT_GRADED), and 'empty'. */
export type AnswerProblem = 'empty' | 'too-long' | 'script' | 'percent' | 'several' | 'negated' | 'comparison' | 'hedge'
  | 'mixed' | 'no-choice' | 'unit' | 'unequal' | 'unknown';
/** An answer read whole: its value (and the unit read after a number), or why it was not. */
export type ReadResult<T> = { value: T; unit?: string } | { problem: AnswerProblem; unread: string } | null;
/** The reader of grade(): a text question's value is its core, `accepted` the accepted answer it matches (null: wrong). */
export function readAnswer(question: Question, input: unknown):
  | { value: number | string; unit?: string; accepted?: string | null }
  | { problem: AnswerProblem; unread: string; values: Record<string, unknown> };
export function readNumber(input: unknown, options?: { units?: string[]; labels?: string[]; tolerance?: number }): ReadResult<number>;
export function readOX(input: unknown): ReadResult<0 | 1>;
export function readChoice(input: unknown, choiceLists: readonly (readonly string[])[]): ReadResult<number>;
export function parseNumber(input: unknown, options?: { units?: string[]; labels?: string[]; tolerance?: number }): number | null;
export function parseOX(input: unknown): 0 | 1 | null;
export function parseChoice(input: unknown, choiceLists: readonly (readonly string[])[]): number | null;
export function localizeQuestion(question: Question, lang?: Lang): {
  prompt: string; choices?: string[]; explanation: string; hints: string[]; unit: string; category: string;
  answerText?: string; distractors: Distractor[];
};
export function localizeStudySheet(sheet: StudySheet, lang?: Lang): {
  title: string; columns: string[]; summary: string; rows: StudySheetRow[];
} | null;
export function mulberry32(seed: number): () => number;
export function hashSeed(text: string): number;

export interface TopicSpec { sections: string[] | null; origin?: string; generate: readonly Topic[]; share?: number; ordered?: boolean; whole?: boolean }
/** Questions in a quiz when no count is asked for: 12. */
export const DEFAULT_COUNT: number;
/** Named quiz topics: all, document, pe, ffn, practice (besides generation topics and section ids). */
export const QUIZ_TOPICS: Readonly<Record<'all' | 'document' | 'pe' | 'ffn' | 'practice', TopicSpec>>;
export function resolveTopic(topic: string, bank: Bank): (TopicSpec & { name: string }) | null;
/**
 * Draws the questions of one quiz from the bank and generated practice, in a seeded order. An asked
 * count always wins; without one, DEFAULT_COUNT questions (the 'document' topic: all 12 examples).
 */
export function buildQuizSet(bank: Bank, core: QuizCore | null, options?: {
  topic?: string; count?: number; seed?: number | string; generated?: boolean;
}): { questions: Question[]; topic: string; known: boolean };
/** The seeded display order of a question's choices (1-based original choice numbers); document examples keep their order. */
export function choiceOrder(question: Question, seed: number | string): number[];
