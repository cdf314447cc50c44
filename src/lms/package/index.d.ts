// Types of pe-ffn-wasm/quiz-package (Node): quiz packages for an LMS (SCORM 1.2, SCORM 2004, cmi5).

export type QuizPackageFormat = 'scorm12' | 'scorm2004' | 'cmi5';

export interface QuizPackageOptions {
  format: QuizPackageFormat;
  /** Title in the LMS; default: the quiz's title in `lang`. At most 200 characters. */
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
}

export interface QuizPackage {
  zip: Uint8Array;
  files: string[];
  id: string;
  options: Required<Omit<QuizPackageOptions, 'bank' | 'seed' | 'mastery'>> & { seed: string; mastery: number | null; customBank: boolean };
}

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
