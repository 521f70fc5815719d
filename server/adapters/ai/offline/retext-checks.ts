import { retext } from 'retext';
import retextEnglish from 'retext-english';
import retextIndefiniteArticle from 'retext-indefinite-article';
import retextPassive from 'retext-passive';
import retextReadability from 'retext-readability';
import retextRepeatedWords from 'retext-repeated-words';
import retextSimplify from 'retext-simplify';
import { parsePieces } from './sentences';

/** One message of a retext plugin, reduced to what the engine acts on. */
interface Finding {
  readonly start: number;
  readonly end: number;
  readonly actual: string;
  readonly expected: readonly string[];
  readonly rule: string;
}

const english = () => retext().use(retextEnglish);

// Built once: a frozen processor is reusable and every plugin here keeps no state between runs.
const checks = {
  articles: english().use(retextIndefiniteArticle).freeze(),
  repeatedWords: english().use(retextRepeatedWords).freeze(),
  simpler: english().use(retextSimplify).freeze(),
  passive: english().use(retextPassive).freeze(),
  // Age 16 (the plugin's default) is the reading age our users' plain-language guides aim at.
  hardSentences: english().use(retextReadability, { age: 16 }).freeze(),
};

type CheckName = keyof typeof checks;

/**
 * Runs one retext plugin over `text` and returns its messages with their offsets into it. Long
 * texts are read in pieces that end between sentences (parsePieces): the parser's work grows
 * faster than its input, and every check here looks within a sentence.
 */
export function runCheck(name: CheckName, text: string): Finding[] {
  const found: Finding[] = [];
  for (const piece of parsePieces(text)) {
    const file = checks[name].processSync(piece.text);
    for (const message of file.messages) {
      const place = message.place;
      const start = place && 'start' in place ? place.start.offset : place?.offset;
      const end = place && 'end' in place ? place.end.offset : undefined;
      if (start === undefined || end === undefined) continue;
      found.push({
        start: piece.start + start,
        end: piece.start + end,
        actual: message.actual ?? text.slice(piece.start + start, piece.start + end),
        expected: message.expected ?? [],
        rule: message.ruleId ?? '',
      });
    }
  }
  return found;
}
