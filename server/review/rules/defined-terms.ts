import type { ReviewParagraph, Rule, RuleFinding } from '../types';

/**
 * Defined terms: '"Supplier" means', '(the "Supplier")', '(each a "Party")', '(together, the
 * "Parties")', '(hereinafter "Tenant")', straight, curly or single quotes. Flags a term defined
 * twice (the second definition), defined but never used (the definition), used in lower case after
 * 'the' ('the supplier'; not inside the term's own definition, where 'the services' describes
 * "Services"), and a capitalised 'the Licensee' used at least twice mid-sentence that is never
 * defined while the document defines others. That last check is tuned for precision: statutes,
 * courts, places, months, document parts, acronyms and names ('the Bank of England') are left alone.
 */

interface Definition {
  readonly term: string;
  readonly paragraph: number;
  /** Of the term itself, inside its quotes. */
  readonly offset: number;
  /** '"Consideration" has the meaning given in clause 3.1': points at the definition, so is no second one. */
  readonly pointer: boolean;
}

interface Term {
  readonly term: string;
  readonly tokens: readonly string[];
  /** Forms of the last word that are uses too: 'Supplier' → 'Suppliers', 'Party' → 'Parties'. */
  readonly lastForms: ReadonlySet<string>;
  readonly upperForms: ReadonlySet<string>;
  readonly definitions: Definition[];
  uses: number;
}

const QUOTED = /(?<=^|[\s([,;:/–—-])(?:["“](\p{Lu}[^"“”\n\t]{0,79}?)["”]|['‘](\p{Lu}[^'‘’"“”\n\t]{0,79}?)['’](?!\p{L}))/gu;
const POINTER = /^\s*,?\s*(?:shall\s+)?ha(?:s|ve)\s+the\s+meanings?\s+(?:given|set\s+out|ascribed|assigned)\b[^.;]{0,30}\b(?:clause|section|paragraph|schedule|article)\b/i;
const MEANS = /^\s*[,:]?\s*(?:means|mean|shall mean|will mean|shall have the meanings?|has the meanings?|have the meanings?|refers to|shall refer to|includes|include|shall include|is defined as)\b/i;
/** Text after a quoted term that joins it to the next one: '"Controller", "Processor" and "Data Subject" have the meanings…'. */
const JOIN = /^\s*(?:,|;|\/|or|and|,\s*and|,\s*or)\s*$/;
const INTRO =
  /^\s*(?:(?:,|;|and|or)\s+)?(?:(?:hereinafter|hereafter)\s*,?\s*(?:(?:referred\s+to|called|known|defined)\s+as\s*)?,?\s*)?(?:(?:each|together|collectively|jointly|individually|separately|both|all|and)\s*(?:of\s+them\s*)?,?\s*)*(?:(?:the|a|an|as)\s+)?$/i;
/** The end of a longer lead-in: '(in the form set out in Schedule 3, the "Notice")', '(… being the "Master Agreement")'. */
const LEAD_IN_END =
  /(?:[,;]\s*(?:(?:each|together|collectively|jointly|individually|separately|both|all)\s*,?\s*)*|\b(?:being|called|known\s+as|referred\s+to\s+(?:herein\s+|below\s+)?as)\s+)(?:(?:the|a|an)\s+)?$/i;
const HEREINAFTER = /(?:hereinafter|hereafter|referred\s+to\s+(?:herein\s+|below\s+)?as)\s*,?\s*(?:(?:referred\s+to|called|known)\s+as\s*)?,?\s*(?:the\s+)?$/i;
// Apostrophes split words, so 'Supplier’s' is a use of 'Supplier'.
const TOKEN = /[\p{L}\p{N}]+(?:[-‐][\p{L}\p{N}]+)*/gu;
const TITLE_WORD = /^\p{Lu}\p{Ll}+(?:[-‐]\p{Lu}?\p{Ll}+)*$/u;

// Capitalised for reasons other than being defined: statutes and institutions, places and
// nationalities, calendar words, parts of a document, and words a document uses of itself.
const NOT_TERMS = new Set(
  (
    'act acts regulation regulations directive directives code codes rules rule statute legislation law laws order orders treaty convention ' +
    'court courts tribunal authority authorities commission commissioner kingdom states union republic government crown council parliament ' +
    'ministry department office bank agency house internet web state secretary lord queen king minister mayor police exchange ' +
    'regulator ombudsman registrar revenue customs treasury officer director directors chairman chair president ' +
    'netherlands philippines bahamas isle islands channel commonwealth north south east west middle atlantic pacific ' +
    'england wales scotland ireland britain london europe english welsh scottish irish british european american french german spanish italian ' +
    'dutch swiss chinese japanese indian australian canadian euro euros sterling dollar dollars pound pounds christmas easter ' +
    'january february march april may june july august september october november december ' +
    'monday tuesday wednesday thursday friday saturday sunday ' +
    'schedule schedules clause clauses annex annexes appendix appendices exhibit exhibits section sections article articles part parts ' +
    'paragraph paragraphs recital recitals heading headings table page agreement deed contract lease licence license terms conditions'
  ).split(' '),
);
/** 'the Payment clause': a heading named, not a term. */
const NAMING_NEXT = new Set(['clause', 'clauses', 'section', 'sections', 'schedule', 'paragraph', 'heading', 'provisions', 'above', 'below']);

const isUpper = (s: string) => s === s.toUpperCase() && s !== s.toLowerCase();

function lastForms(word: string): Set<string> {
  const forms = new Set([word, `${word}s`, `${word}es`]);
  if (/[^aeiou]y$/i.test(word)) forms.add(`${word.slice(0, -1)}ies`);
  if (/ies$/i.test(word)) forms.add(`${word.slice(0, -3)}y`);
  if (/s$/i.test(word)) forms.add(word.slice(0, -1));
  return forms;
}

/** Every definition in one paragraph, with the spans of its quoted terms. */
function definitionsIn(p: ReviewParagraph): { definitions: Definition[]; spans: [number, number][] } {
  const text = p.text;
  const quoted = [...text.matchAll(QUOTED)].map((m) => ({ term: (m[1] ?? m[2])!, start: m.index, end: m.index + m[0].length }));
  const isDefinition = quoted.map(() => false);
  const isPointer = quoted.map(() => false);
  const firstChar = text.search(/\S/);
  // Backwards, so a term joined to a later one by 'and' or ',' shares that one's 'means'.
  for (let i = quoted.length - 1; i >= 0; i--) {
    const q = quoted[i]!;
    const next = quoted[i + 1];
    const after = text.slice(q.end, q.end + 40);
    // A term that opens its paragraph and stands alone or before a colon: a definitions table or list.
    const listed = q.start === firstChar && (/^\s*:/.test(after) || /^\s*$/.test(text.slice(q.end)));
    if (MEANS.test(after) || listed || (next && isDefinition[i + 1] && JOIN.test(text.slice(q.end, next.start)))) isDefinition[i] = true;
    if (POINTER.test(after) || (next && isPointer[i + 1] && isDefinition[i])) isPointer[i] = true;
  }
  for (let i = 0; i < quoted.length; i++) {
    if (isDefinition[i]) continue;
    const q = quoted[i]!;
    const before = text.slice(Math.max(0, q.start - 200), q.start);
    const open = before.lastIndexOf('(') + q.start - before.length;
    const inParens = open >= q.start - before.length && !text.slice(open, q.start).includes(')');
    const previous = quoted[i - 1];
    const from = inParens ? Math.max(open + 1, previous && isDefinition[i - 1] && previous.end > open ? previous.end : 0) : -1;
    const lead = inParens ? text.slice(from, q.start) : '';
    if ((inParens && (INTRO.test(lead) || LEAD_IN_END.test(lead))) || HEREINAFTER.test(text.slice(Math.max(0, q.start - 60), q.start))) isDefinition[i] = true;
  }
  const definitions: Definition[] = [];
  const spans: [number, number][] = [];
  quoted.forEach((q, i) => {
    // '"Services," means' is the term "Services".
    const term = q.term.replace(/[,.;:]+$/, '');
    if (!isDefinition[i] || term.trim() !== term || term.split(/\s+/).length > 8) return;
    definitions.push({ term, paragraph: p.index, offset: q.start + 1, pointer: isPointer[i]! });
    spans.push([q.start, q.end]);
  });
  return { definitions, spans };
}

/** A short Title Case line without closing punctuation reads as a heading even without a heading style. */
const looksLikeHeading = (p: ReviewParagraph) =>
  p.heading || (p.text.length < 80 && !/[.;:,]\s*$/.test(p.text) && p.text.split(/\s+/).every((w) => !/^\p{Ll}/u.test(w) || w.length <= 3)) || isUpper(p.text);

type Kind = 'exact' | 'upper' | 'lower';

/** How the tokens from `i` match `term` (longest first by the caller), or null. */
function matchAt(tokens: readonly { text: string }[], i: number, term: Term): Kind | null {
  const n = term.tokens.length;
  if (i + n > tokens.length) return null;
  for (const kind of ['exact', 'upper', 'lower'] as const) {
    const as = (w: string) => (kind === 'exact' ? w : kind === 'upper' ? w.toUpperCase() : w.toLowerCase());
    let ok = true;
    for (let k = 0; k < n && ok; k++) {
      const t = tokens[i + k]!.text;
      // In lower case only the term itself: 'the terms of' is not a use of "Term".
      if (k < n - 1 || kind === 'lower') ok = t === as(term.tokens[k]!);
      else ok = (kind === 'exact' ? term.lastForms : term.upperForms).has(t);
    }
    // A lower-case use must really be lower case: 'the supplier', not 'the Supplier' read again.
    if (ok && (kind !== 'lower' || tokens.slice(i, i + n).every((t) => t.text === t.text.toLowerCase()))) return kind;
  }
  return null;
}

export const definedTerms: Rule = (doc) => {
  const findings: RuleFinding[] = [];
  const spans = new Map<number, [number, number][]>();
  const terms = new Map<string, Term>();
  for (const p of doc.paragraphs) {
    if (!/["“‘']/.test(p.text)) continue;
    const found = definitionsIn(p);
    if (found.spans.length > 0) spans.set(p.index, found.spans);
    for (const d of found.definitions) {
      const tokens = d.term.match(TOKEN) ?? [];
      if (tokens.length === 0) continue;
      const forms = lastForms(tokens[tokens.length - 1]!);
      const term = terms.get(d.term) ?? { term: d.term, tokens, lastForms: forms, upperForms: new Set([...forms].map((f) => f.toUpperCase())), definitions: [], uses: 0 };
      terms.set(d.term, term);
      term.definitions.push(d);
    }
  }
  if (terms.size === 0) return [];

  // Terms by the lower case of the word they start with (every form of a one-word term).
  const byFirst = new Map<string, Term[]>();
  for (const t of terms.values()) {
    for (const key of t.tokens.length === 1 ? [...t.lastForms] : [t.tokens[0]!]) {
      const list = byFirst.get(key.toLowerCase()) ?? [];
      if (!list.includes(t)) list.push(t);
      byFirst.set(key.toLowerCase(), list.sort((a, b) => b.tokens.length - a.tokens.length));
    }
  }
  const definedIn = new Map<number, Set<Term>>();
  for (const t of terms.values()) for (const d of t.definitions) definedIn.set(d.paragraph, (definedIn.get(d.paragraph) ?? new Set()).add(t));
  const definedWords = new Set([...terms.values()].flatMap((t) => t.tokens.map((w) => w.toLowerCase())));
  const candidates = new Map<string, { phrase: string; count: number; paragraph: number; offset: number }>();

  for (const p of doc.paragraphs) {
    const text = p.text;
    const skip = spans.get(p.index) ?? [];
    // Words inside a definition's quotes are not uses; both lists are in text order.
    const tokens: { text: string; start: number; end: number }[] = [];
    let span = 0;
    for (const m of text.matchAll(TOKEN)) {
      while (span < skip.length && skip[span]![1] <= m.index) span++;
      if (span < skip.length && m.index >= skip[span]![0]) continue;
      tokens.push({ text: m[0], start: m.index, end: m.index + m[0].length });
    }
    const ownDefinitions = definedIn.get(p.index);
    const heading = looksLikeHeading(p);
    const spaceBetween = (a: { end: number }, b: { start: number }) => /^[ \u00a0]$/.test(text.slice(a.end, b.start));
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i]!;
      const prev = tokens[i - 1];
      const afterThe = prev !== undefined && (prev.text === 'the' || prev.text === 'The') && spaceBetween(prev, tok);
      // The longest match wins; then the one written as defined ('Parties' is "Parties", not a plural of "Party").
      let best: { term: Term; kind: Kind; score: number } | null = null;
      for (const term of byFirst.get(tok.text.toLowerCase()) ?? []) {
        const kind = matchAt(tokens, i, term);
        if (!kind) continue;
        const n = term.tokens.length;
        const score = n * 4 + (kind === 'exact' ? 2 : 0) + (tokens[i + n - 1]!.text.toLowerCase() === term.tokens[n - 1]!.toLowerCase() ? 1 : 0);
        if (!best || score > best.score) best = { term, kind, score };
      }
      if (best) {
        const n = best.term.tokens.length;
        if (best.kind !== 'lower') best.term.uses++;
        // Not 'the term "Affiliate"' (the word itself), nor 'the agreement of the Customer' (its consent, not this Agreement).
        else if (afterThe && !ownDefinitions?.has(best.term) && !/^\s*(?:["“‘']|of\b)/.test(text.slice(tokens[i + n - 1]!.end, tokens[i + n - 1]!.end + 8))) {
          const words = tokens.slice(i, i + n);
          const passage = text.slice(tok.start, words[n - 1]!.end);
          findings.push({
            rule: 'defined-terms',
            paragraph: p.index,
            offset: tok.start,
            length: passage.length,
            reason: `"${best.term.term}" is a defined term, but it is written in lower case here.`,
            replacement: rebuild(passage, tok.start, words, best.term.tokens),
          });
        }
        i += n - 1;
        continue;
      }
      // A capitalised 'the Xxx' mid-sentence that matched no defined term.
      if (!afterThe || prev!.text !== 'the' || heading || !TITLE_WORD.test(tok.text)) continue;
      let j = i;
      while (j + 1 < tokens.length && j - i < 3 && TITLE_WORD.test(tokens[j + 1]!.text) && spaceBetween(tokens[j]!, tokens[j + 1]!)) j++;
      const run = tokens.slice(i, j + 1);
      const next = tokens[j + 1];
      const nextText = next && spaceBetween(tokens[j]!, next) ? next.text : '';
      if (run.some((t) => NOT_TERMS.has(t.text.toLowerCase()))) continue;
      if (run.every((t) => definedWords.has(t.text.toLowerCase()))) continue;
      if (/^(\d|[IVXLC]+$|\p{Lu}$)/u.test(nextText) || NAMING_NEXT.has(nextText)) continue;
      if (nextText === 'of' && /^\p{Lu}/u.test(tokens[j + 2]?.text ?? '')) continue;
      // A name that goes on after a bracket: 'the Contracts (Rights of Third Parties) Act 1999'.
      if (/^\s*\([^)]{0,80}\)\s*\p{Lu}/u.test(text.slice(run[run.length - 1]!.end, run[run.length - 1]!.end + 100))) continue;
      const phrase = text.slice(tok.start, run[run.length - 1]!.end);
      // 'the Licensee' and 'the Licensees' are one candidate.
      const key = run.map((t) => t.text).join(' ').replace(/s$/, '');
      const seen = candidates.get(key) ?? { phrase, count: 0, paragraph: p.index, offset: tok.start };
      seen.count++;
      candidates.set(key, seen);
    }
  }

  for (const t of terms.values()) {
    if (t.uses === 0) findings.push(at(t.definitions[0]!, `"${t.term}" is defined but never used.`));
    const [first, ...again] = t.definitions.filter((d) => !d.pointer);
    for (const d of again) findings.push(at(d, `"${t.term}" is defined again (it is already defined in paragraph ${first!.paragraph + 1}).`));
  }
  if (terms.size >= 2) {
    for (const { phrase, count, paragraph, offset } of candidates.values()) {
      if (count < 2) continue;
      findings.push({ rule: 'defined-terms', paragraph, offset, length: phrase.length, reason: `"${phrase}" is capitalised like a defined term, but it is never defined.` });
    }
  }
  return findings;

  function at(d: Definition, reason: string): RuleFinding {
    return { rule: 'defined-terms', paragraph: d.paragraph, offset: d.offset, length: d.term.length, reason };
  }
};

/** The passage with each of its words in the defined casing. */
function rebuild(passage: string, base: number, words: readonly { start: number; end: number }[], cased: readonly string[]): string {
  let out = '';
  let from = 0;
  words.forEach((w, k) => {
    out += passage.slice(from, w.start - base) + cased[k]!;
    from = w.end - base;
  });
  return out + passage.slice(from);
}
