import { type SentenceSpan, splitSentences, termsOf, wordsOf } from './sentences';

export interface SummaryOptions {
  /** How many sentences to keep; by default a quarter of them, between 1 and 5. */
  readonly maxSentences?: number;
}

// Headings and fragments ("1. Definitions") share words with everything and say nothing.
const MIN_SUMMARY_WORDS = 5;

/**
 * An extractive summary: the sentences most similar to all the others (TF-IDF vectors, cosine
 * similarity), which are the ones that carry the text's main topic, quoted in their original
 * order. It never writes a sentence of its own, so it cannot misstate the text.
 */
export function summarize(text: string, options: SummaryOptions = {}): string {
  const all = uniqueSentences(splitSentences(text));
  const substantial = all.filter((s) => wordsOf(s.text).length >= MIN_SUMMARY_WORDS);
  const sentences = substantial.length > 0 ? substantial : all;
  const wanted = Math.max(1, options.maxSentences ?? Math.min(5, Math.round(sentences.length / 4)));
  if (sentences.length <= wanted) return sentences.map((s) => s.text).join(' ');
  const scores = centrality(sentences.map((s) => termsOf(s.text)));
  return sentences
    .map((sentence, index) => ({ sentence, index, score: scores[index]! }))
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, wanted)
    .sort((a, b) => a.index - b.index)
    .map(({ sentence }) => sentence.text)
    .join(' ');
}

/** Boilerplate repeated word for word would otherwise fill the summary with copies of itself. */
function uniqueSentences(sentences: readonly SentenceSpan[]): SentenceSpan[] {
  const seen = new Set<string>();
  return sentences.filter((s) => {
    const key = s.text.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * For each sentence, the sum of its cosine similarities to every other sentence. With unit
 * vectors that sum is the dot product with the sum of all vectors, minus itself: O(n) rather
 * than comparing every pair, so a whole document summarises as fast as a paragraph.
 */
function centrality(documents: ReadonlyArray<readonly string[]>): number[] {
  const vectors = tfidf(documents);
  const total = new Map<string, number>();
  for (const vector of vectors) for (const [term, weight] of vector) total.set(term, (total.get(term) ?? 0) + weight);
  return vectors.map((vector) => {
    if (vector.size === 0) return 0;
    let dot = 0;
    for (const [term, weight] of vector) dot += weight * (total.get(term) ?? 0);
    // Rounded so that floating-point noise cannot break a tie: ties go to the earlier sentence.
    return Math.round((dot - 1) * 1e9) / 1e9;
  });
}

/** Unit-length TF-IDF vectors, one per document (here: per sentence). */
function tfidf(documents: ReadonlyArray<readonly string[]>): Array<Map<string, number>> {
  const df = new Map<string, number>();
  for (const terms of documents) for (const term of new Set(terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const n = documents.length;
  return documents.map((terms) => {
    const tf = new Map<string, number>();
    for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    const vector = new Map<string, number>();
    let norm = 0;
    for (const [term, count] of tf) {
      // A term in every sentence tells them apart no better than a function word: idf 0.
      const weight = (1 + Math.log(count)) * Math.log(n / df.get(term)!);
      if (weight > 0) {
        vector.set(term, weight);
        norm += weight * weight;
      }
    }
    for (const [term, weight] of vector) vector.set(term, weight / Math.sqrt(norm));
    return vector;
  });
}
