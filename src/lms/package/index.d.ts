// Types of pe-ffn-wasm/quiz-package (Node): quiz packages for an LMS (SCORM 1.2, SCORM 2004, cmi5).

export type QuizPackageFormat = 'scorm12' | 'scorm2004' | 'cmi5';

export interface QuizPackageOptions {
  format: QuizPackageFormat;
  /** Title in the LMS, on the launch page and as the quiz's heading; default: the bank's own `title`, else the quiz's title in `lang`. At most 200 characters. */
  title?: string;
  lang?: 'ko' | 'en';
  /** 'all' (default), 'document', 'pe', 'ffn', 'practice', a generated topic or a bank section id. */
  topic?: string;
  /** Questions per learner, QUIZ_COUNT.min..QUIZ_COUNT.max (1..50; default 12): a whole number, or its decimal digits. */
  count?: number | string;
  /** The same set for every learner; default: each learner gets their own. At most SEED_MAX (64) characters. */
  seed?: string | number;
  /** Pass mark as a share 0..1 (default 0.8), a number or its decimal text ('0.75'); 'none' or null: completion only. */
  mastery?: number | string | null;
  /** A question bank (parsed JSON, format "pe-ffn-quiz-bank" like the built-in one); validated first. */
  bank?: unknown;
  /** Exactly these questions of the bank ('a,b,c' or an array; at most 50), all of them for every learner. */
  ids?: string | string[];
  /** cmi5 only: the course id, an absolute IRI; default: a urn:uuid made from the options. */
  id?: string;
}

export interface QuizPackage {
  zip: Uint8Array;
  files: string[];
  id: string;
  options: Required<Omit<QuizPackageOptions, 'bank' | 'seed' | 'mastery' | 'ids' | 'id'>> & {
    seed: string; mastery: number | null; customBank: boolean; description: string; ids: string[] | null; courseId: string | null;
  };
}

/** One question as `--list` shows it: its id, section (the topic --topic takes), type and the first line of its prompt. */
export interface QuestionRow { id: string; section: string; type: string; origin: string; line: string }
export interface QuestionList {
  options: QuizPackage['options'];
  rows: QuestionRow[];
  /** The ids a seed's quiz holds, in the learners' order; null without a seed. */
  picked: string[] | null;
  /** That quiz's generated practice. */
  generated: QuestionRow[];
}
/** The bank's questions and a seed's picks (a seed with the built-in bank needs `core`, from init()). Options as for a package; `format` may be left out. */
export function questionList(options: Partial<QuizPackageOptions>, core?: unknown): QuestionList;
/** The text `quiz-package --list` prints. */
export function formatQuestionList(list: QuestionList): string;
/** The bank (built-in, or `bank`, cut to `ids`) as a bank file's JSON text, to edit and pass back as `bank`. */
export function bankFile(options?: { bank?: unknown; ids?: string | string[] }): string;

export type AssetReader = (name: string) => Promise<Uint8Array>;

/** Builds the zip in memory. Rejects with an Error naming the option (e.g. "--bank: …") on bad options. */
export function buildQuizPackage(options: QuizPackageOptions, read?: AssetReader): Promise<QuizPackage>;
/** Builds and writes the zip (only when everything is valid). */
export function writeQuizPackage(options: QuizPackageOptions, outFile: string, read?: AssetReader): Promise<{ file: string; bytes: number; files: string[] }>;
/** Reads the prebuilt parts from a dist/ folder (default: the package's own). */
export function distReader(distDir?: string | URL): AssetReader;
export const FORMATS: QuizPackageFormat[];
/** The quiz's count range and default (the same as <pe-ffn-quiz>'s). */
export const QUIZ_COUNT: Readonly<{ min: number; max: number; default: number }>;
/** The longest seed, in characters. */
export const SEED_MAX: number;
