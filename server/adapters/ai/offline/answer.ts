import { splitSentences, termsOf } from './sentences';
import { summarize } from './summarize';

// Said after every answer: what produced it, and how to get a real one.
const ENGINE = "Redraft's offline engine";
export const ANSWER_NOTE = `${ENGINE} found these passages by matching the words of your question; it quotes the document rather than writing answers, so configure a language model (AI_PROVIDER) for real answers.`;
export const SUMMARY_NOTE = `${ENGINE} picked these sentences as the most central ones of the document; configure a language model (AI_PROVIDER) for a written summary.`;
export const NOTHING_FOUND = `${ENGINE} found nothing in the document that matches the words of your question. It can only quote the document; configure a language model (AI_PROVIDER) for real answers.`;

const MAX_QUOTES = 3;
// Paragraphs first, then sentences within the best of them: a whole document is split into
// sentences only where the answer can be.
const MAX_PARAGRAPHS = 8;
// A quote must score at least this share of the best one, so a weak match does not ride along.
const RELATIVE_CUTOFF = 0.5;

/**
 * The sentences of the document that best match the question (BM25), quoted in document order,
 * then a sentence saying plainly that this is the offline engine. A request for a summary gets
 * the extractive summary instead.
 */
export function answer(question: string, documentText: string): string {
  if (/\bsummar(?:y|ies|ise|ize)\b/i.test(question) && documentText.trim()) {
    return `${quoteLines(splitSentences(summarize(documentText)).map((s) => s.text))}\n${SUMMARY_NOTE}`;
  }
  const query = [...new Set(termsOf(question))];
  if (query.length === 0 || !documentText.trim()) return NOTHING_FOUND;

  const paragraphs = documentText.split('\n').filter((p) => p.trim());
  const corpus = new Bm25(paragraphs.map(termsOf));
  const shortlist = corpus.rank(query).slice(0, MAX_PARAGRAPHS);
  if (shortlist.length === 0) return NOTHING_FOUND;

  const sentences = shortlist
    .sort((a, b) => a.index - b.index)
    .flatMap((hit) => splitSentences(paragraphs[hit.index]!).map((s) => s.text));
  // Sentence scores use the whole document's term rarity, not just that of the shortlist.
  const hits = new Bm25(sentences.map(termsOf), corpus).rank(query);
  const best = hits[0]?.score ?? 0;
  const quotes = hits
    .filter((hit) => hit.score >= best * RELATIVE_CUTOFF)
    .slice(0, MAX_QUOTES)
    .sort((a, b) => a.index - b.index)
    .map((hit) => sentences[hit.index]!);
  return `${quoteLines(quotes)}\n${ANSWER_NOTE}`;
}

function quoteLines(sentences: readonly string[]): string {
  return sentences.map((s) => `"${s.trim()}"`).join('\n');
}

const K1 = 1.2;
const B = 0.75;

/** Okapi BM25 over a fixed set of term lists. */
class Bm25 {
  private readonly df = new Map<string, number>();
  private readonly averageLength: number;
  /** Each document's term counts, so ranking reads every term once rather than once per query term. */
  private readonly counts: Array<Map<string, number>>;

  constructor(
    private readonly documents: ReadonlyArray<readonly string[]>,
    private readonly idfSource?: Bm25,
  ) {
    this.counts = documents.map((terms) => {
      const tf = new Map<string, number>();
      for (const term of terms) tf.set(term, (tf.get(term) ?? 0) + 1);
      return tf;
    });
    for (const tf of this.counts) for (const term of tf.keys()) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    this.averageLength = documents.reduce((sum, d) => sum + d.length, 0) / Math.max(1, documents.length);
  }

  idf(term: string): number {
    if (this.idfSource) return this.idfSource.idf(term);
    const n = this.documents.length;
    const df = this.df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /**
   * Documents that contain at least one query term, best first, ties in document order. Linear in
   * the question plus the document: a question of a thousand distinct words against a whole
   * document once counted every term of every paragraph for each of them.
   */
  rank(query: readonly string[]): Array<{ index: number; score: number }> {
    const hits: Array<{ index: number; score: number }> = [];
    const position = new Map(query.map((term, k) => [term, k]));
    // Whichever side is shorter is walked; terms are summed in query order, so scores (and ties)
    // are exactly what one loop over the query gives.
    const matched = (tf: ReadonlyMap<string, number>): readonly string[] => {
      if (query.length <= tf.size) return query;
      const at: number[] = [];
      for (const term of tf.keys()) {
        const k = position.get(term);
        if (k !== undefined) at.push(k);
      }
      return at.sort((x, y) => x - y).map((k) => query[k]!);
    };
    this.counts.forEach((tf, index) => {
      let score = 0;
      for (const term of matched(tf)) {
        const count = tf.get(term) ?? 0;
        if (count === 0) continue;
        const length = this.documents[index]!.length;
        score += (this.idf(term) * count * (K1 + 1)) / (count + K1 * (1 - B + (B * length) / (this.averageLength || 1)));
      }
      if (score > 0) hits.push({ index, score });
    });
    return hits.sort((a, b) => b.score - a.score || a.index - b.index);
  }
}
