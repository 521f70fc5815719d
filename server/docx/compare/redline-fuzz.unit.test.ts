import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { escapeXml } from '../../../tests/support/docx/fixtures';
import { contractDocx, seeded } from '../../../tests/support/docx/realistic';
import { redlineProblems } from '../../../tests/support/docx/redline-oracle';
import { readTree } from '../merge/tree';
import { processDocx } from '../process';
import { compareDocx, redlineDocx } from './compare';

/**
 * Random edits of the kinds people make (words replaced, deleted and typed, a word made bold,
 * paragraphs deleted, added and moved) on the processed contract, which carries tables, fields,
 * a content control, a text box, comments and tracked changes of its own. Whatever the edits,
 * the redline must read back as both versions (redlineProblems). A failure names its seed.
 */

const DOC = 'word/document.xml';
const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
const WHO = { author: 'Fuzz', date: '2025-06-01T12:00:00Z' };

interface Splice {
  start: number;
  end: number;
  text: string;
}

/**
 * b: a with 1 to 5 random edits on distinct paragraphs of the body (in table cells and content
 * controls too, so a cell may lose its last paragraph), and the edits made.
 */
function randomEdits(a: Uint8Array, seed: number): { b: Uint8Array; made: string[] } {
  const next = seeded(seed);
  const pick = <T,>(xs: readonly T[]): T => xs[next() % xs.length]!;
  const files = unzipSync(a);
  const xml = strFromU8(files[DOC]!);
  const tree = readTree(xml);
  // Any paragraph with text (fields, links, tracked changes, tables...) but a text box's anchor,
  // whose box text the comparison does not read.
  const plain = tree.paragraphs.filter((p) => p.text.trim() !== '' && !xml.slice(p.start, p.end).includes('<w:txbxContent'));
  const used = new Set<number>();
  const splices: Splice[] = [];
  const made: string[] = [];
  const free = (ps: typeof plain) => ps.filter((p) => !used.has(p.start));
  for (let n = 1 + (next() % 5); n > 0; n--) {
    const kind = pick(['replace', 'delete word', 'type word', 'bold', 'delete paragraph', 'add paragraph', 'move'] as const);
    const candidates = free(plain);
    if (candidates.length < 2) break;
    const p = pick(candidates);
    used.add(p.start);
    const source = xml.slice(p.start, p.end);
    if (kind === 'delete paragraph') splices.push({ start: p.start, end: p.end, text: '' });
    else if (kind === 'add paragraph') splices.push({ start: p.start, end: p.start, text: `<w:p><w:r><w:t xml:space="preserve">${pick(WORDS)} ${pick(WORDS)}.</w:t></w:r></w:p>` });
    else if (kind === 'move') {
      // Not to just before the paragraph after it: that is where it already is.
      const to = pick(free(plain).filter((q) => q.start !== p.end));
      if (!to) continue;
      used.add(to.start);
      splices.push({ start: p.start, end: p.end, text: '' }, { start: to.start, end: to.start, text: source });
    } else {
      const edited = editWords(source, kind, next);
      if (edited === source) continue;
      splices.push({ start: p.start, end: p.end, text: edited });
    }
    made.push(`${kind}: "${p.text.slice(0, 30)}"`);
  }
  splices.sort((x, y) => y.start - x.start || (y.end - y.start) - (x.end - x.start));
  let out = xml;
  for (const s of splices) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  files[DOC] = strToU8(out);
  return { b: zipSync(files), made };
}

/** One word of a paragraph's w:t text replaced, deleted, typed after, or (in a plain run) made bold. */
function editWords(paragraph: string, kind: 'replace' | 'delete word' | 'type word' | 'bold', next: () => number): string {
  const runs = [...paragraph.matchAll(kind === 'bold' ? /<w:r><w:t xml:space="preserve">([^<]+)<\/w:t><\/w:r>/g : /(<w:t xml:space="preserve">)([^<]+)(<\/w:t>)/g)];
  if (runs.length === 0) return paragraph;
  const m = runs[next() % runs.length]!;
  const text = kind === 'bold' ? m[1]! : m[2]!;
  const words = [...text.matchAll(/[A-Za-z]+/g)];
  if (words.length === 0) return paragraph;
  const w = words[next() % words.length]!;
  const [before, word, after] = [text.slice(0, w.index), w[0], text.slice(w.index + w[0].length)];
  const t = (s: string) => `<w:t xml:space="preserve">${s}</w:t>`;
  let replacement: string;
  if (kind === 'bold') replacement = `<w:r>${t(before)}</w:r><w:r><w:rPr><w:b/></w:rPr>${t(word)}</w:r><w:r>${t(after)}</w:r>`;
  else {
    const typed = escapeXml(WORDS[next() % WORDS.length]!);
    const edited = kind === 'replace' ? `${before}${typed}${after}` : kind === 'delete word' ? `${before}${after}` : `${before}${word} ${typed}${after}`;
    replacement = `${m[1]}${edited}${m[3]}`;
  }
  return paragraph.slice(0, m.index) + replacement + paragraph.slice(m.index + m[0].length);
}

describe('the redline under random edits of the contract', () => {
  const processed = processDocx(contractDocx());
  if (!processed.ok) throw new Error(processed.reason);
  const a = processed.editable;

  it('reads back as both versions for 40 seeded edit sets', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { b, made } = randomEdits(a, seed);
      const problems = redlineProblems(a, b, redlineDocx(a, b, WHO), WHO.author);
      expect(problems, `seed ${seed}: ${made.join('; ')}`).toEqual([]);
      if (made.length > 0) expect(compareDocx(a, b).paragraphs.length, `seed ${seed}`).toBeGreaterThan(0);
    }
  }, 60_000);
});
