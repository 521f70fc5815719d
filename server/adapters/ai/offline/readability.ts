import { type SentenceSpan, wordsOf } from './sentences';

export interface Readability {
  readonly sentences: number;
  readonly words: number;
  readonly syllables: number;
  /** Flesch–Kincaid grade level: the US school year a reader needs. */
  readonly grade: number;
  /** Flesch reading ease: 0 (very hard) to 100 (very easy). */
  readonly ease: number;
}

export function readability(sentences: readonly SentenceSpan[]): Readability {
  const words = sentences.flatMap((s) => wordsOf(s.text)).filter((w) => /\p{L}/u.test(w));
  const syllables = words.reduce((sum, w) => sum + syllableCount(w), 0);
  const perSentence = words.length / Math.max(1, sentences.length);
  const perWord = syllables / Math.max(1, words.length);
  return {
    sentences: sentences.length,
    words: words.length,
    syllables,
    // The formulas run past their scales on very short, simple text; a grade below 0 or an ease
    // above 100 means nothing to a reader.
    grade: round(Math.max(0, 0.39 * perSentence + 11.8 * perWord - 15.59)),
    ease: round(Math.min(100, Math.max(0, 206.835 - 1.015 * perSentence - 84.6 * perWord))),
  };
}

/**
 * Syllables by the usual heuristic: vowel groups, after dropping a silent final -e, -es or -ed.
 * It is off by one on some words ("supplier"), which moves a grade far less than the formula's
 * own error.
 */
function syllableCount(word: string): number {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (w.length <= 3) return 1;
  const trimmed = w.replace(/(?:[^laeiouy]es|[^laeiouy]ed|[^laeiouy]e)$/, (m) => m.charAt(0)).replace(/^y/, '');
  return Math.max(1, trimmed.match(/[aeiouy]{1,2}/g)?.length ?? 0);
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** What a Flesch–Kincaid grade means for a reader. */
export function describeGrade(grade: number): string {
  if (grade <= 6) return 'very easy to read';
  if (grade <= 8) return 'plain English, easy for most adults';
  if (grade <= 12) return 'fairly difficult, at the level of a high-school senior';
  if (grade <= 16) return 'difficult, at the level of a university graduate';
  return 'very difficult, beyond university level';
}
