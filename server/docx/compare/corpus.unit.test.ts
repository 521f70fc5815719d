import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isSharedCorpus } from '../../../tests/support/corpus';
import { describeCorpus } from '../../../tests/support/corpus-suite';
import { REPLACEMENT, applyEdit, findTarget, simulateSave } from '../../../tests/support/docx/editor-simulator';
import { acceptAll, redlineProblems } from '../../../tests/support/docx/redline-oracle';
import { convertAll, missingReaders, pdfText, pythonDocxAll } from '../../../tests/support/external-readers';
import { inspectDocx } from '../inspect';
import { mergeSave } from '../merge/merge';
import { type Block, type StoryTree, readTree } from '../merge/tree';
import { processDocx } from '../process';
import { redlineDocx } from './compare';

/**
 * The redline over every corpus document (issue 15): version a is the upload's editable copy,
 * version b the editor's save of a with one word replaced, a new paragraph typed after that
 * word's paragraph and, where a plain body paragraph allows, another paragraph deleted, merged
 * and processed as the app's save does. The redline of a -> b must read back as both versions
 * (redline-oracle.ts) and carry the comparison's own w:ins and w:del; then LibreOffice must lay
 * every redline out as a PDF showing the new word and paragraph, and python-docx must open every
 * one and list its body's paragraphs. Both readers run once over all the redlines; without them
 * the suite fails, never skips.
 */

const WHO = { author: 'Corpus Test', date: '2026-11-29T12:00:00Z' };
const ADDED = 'Corpus addition.';

interface Redlined {
  name: string;
  bytes: Uint8Array;
  deleted: boolean;
  /** Paragraphs directly in the redline's (first) body, as python-docx should list them. */
  bodyParagraphs: number;
  /** LibreOffice made a non-empty PDF of it; whether its text (pdftotext) shows both new texts, when known. */
  pdf?: { text: boolean | undefined };
  python?: { ok: boolean; paragraphs: number | null; error?: string };
}

/** The user's edits on a's main part, as the editor would save them; undefined without a word to edit. */
function editedVersion(a: Uint8Array): { edited: Uint8Array; deleted: boolean } | undefined {
  const inspected = inspectDocx(a);
  if (!inspected.ok) throw new Error(`the editable copy does not inspect: ${inspected.detail}`);
  const { mainPart, storyParts } = inspected.pkg;
  const files = unzipSync(a);
  const target = findTarget(files, mainPart);
  if (!target) return undefined;
  const xml = strFromU8(files[mainPart]!);
  const tree = readTree(xml);
  const edited = tree.paragraphs[target.paragraph]!;
  // The new paragraph has no id, as the editor writes one; the save gives it one.
  const typed = `<w:p><w:r><w:t xml:space="preserve">${ADDED}</w:t></w:r></w:p>`;
  const splices = [{ start: edited.start, end: edited.end, text: applyEdit(xml, target, 'replace').slice(edited.start, edited.end + REPLACEMENT.length - target.word.length) + typed }];
  const body = firstBody(tree);
  const victim = tree.paragraphs.findLast((p) => p !== edited && p.parent === body && deletable(xml, p));
  if (victim) splices.push({ start: victim.start, end: victim.end, text: '' });
  let out = xml;
  for (const s of splices.sort((x, y) => y.start - x.start)) out = out.slice(0, s.start) + s.text + out.slice(s.end);
  files[mainPart] = strToU8(out);
  return { edited: simulateSave(zipSync(files), storyParts, 'unchanged'), deleted: victim !== undefined };
}

/**
 * The body: a package may have more than one (poi/MultipleBodyBug.docx). python-docx reads only
 * the first, and the merge keeps a later one's paragraphs whatever the editor did to them.
 */
const firstBody = (tree: StoryTree) => tree.root.children.find((b) => b.local === 'body');

/**
 * A paragraph with text whose deletion leaves nothing dangling: no section break, and no field,
 * comment, note, bookmark, permission or tracked change that may start or end elsewhere.
 */
function deletable(xml: string, p: Block): boolean {
  if (p.text.trim() === '' || p.textBoxes > 0 || p.nestedText !== '') return false;
  return !/<w:(sectPr|fldChar|instrText|commentRange|commentReference|footnoteReference|endnoteReference|bookmark|perm|ins|del|move)\b/.test(xml.slice(p.start, p.end));
}

const mainXml = (bytes: Uint8Array) => {
  const inspected = inspectDocx(bytes);
  if (!inspected.ok) throw new Error(inspected.detail);
  return strFromU8(inspected.pkg.parts.get(inspected.pkg.mainPart)!);
};

/** What is wrong with b as the save of a's edits (the merge could lose one), [] when nothing. */
function notTheEdit(a: Uint8Array, b: Uint8Array, deleted: boolean): string[] {
  const [before, after] = [acceptAll(a), acceptAll(b)];
  const problems: string[] = [];
  if (after.length !== before.length + 1 - Number(deleted)) problems.push(`b has ${after.length} paragraphs, a ${before.length}`);
  if (!after.includes(ADDED)) problems.push('b lacks the new paragraph');
  if (!after.some((t) => t.includes(REPLACEMENT))) problems.push(`b lacks “${REPLACEMENT}”`);
  return problems;
}
const byUs = (xml: string, mark: 'ins' | 'del') => new RegExp(`<w:${mark}\\b[^>]*\\bw:author="${WHO.author}"`).test(xml);

describeCorpus(import.meta.filename, { timeout: 60_000 }, (corpus) => {
  const redlined: Redlined[] = [];
  const failures: string[] = [];
  let processed = 0;
  let scratch: string | undefined;
  const missing = missingReaders();
  let libreOffice: { ms: number; log: string } | undefined;
  const started = performance.now();

  beforeAll(() => {
    for (const file of corpus.files) {
      const name = path.relative(corpus.dir, file);
      const first = processDocx(new Uint8Array(fs.readFileSync(file)));
      if (!first.ok) continue;
      processed++;
      try {
        const a = first.editable;
        const made = editedVersion(a);
        if (!made) continue;
        const saved = processDocx(mergeSave(a, made.edited).bytes);
        if (!saved.ok) {
          failures.push(`${name}: the save does not process: ${saved.reason} ${saved.detail ?? ''}`);
          continue;
        }
        const b = saved.editable;
        const red = redlineDocx(a, b, WHO);
        const xml = mainXml(red);
        const tree = readTree(xml);
        redlined.push({ name, bytes: red, deleted: made.deleted, bodyParagraphs: tree.paragraphs.filter((p) => p.parent === firstBody(tree)).length });
        const problems = [...notTheEdit(a, b, made.deleted), ...redlineProblems(a, b, red, WHO.author)];
        for (const mark of ['ins', 'del'] as const) if (!byUs(xml, mark)) problems.push(`no w:${mark} by ${WHO.author}`);
        if (problems.length > 0) failures.push(`${name}: ${problems.join('; ')}`);
      } catch (e) {
        failures.push(`${name}: threw ${e instanceof Error ? e.stack : String(e)}`);
      }
    }
    if (missing) return;
    // Numbered names: corpus names repeat across folders and may hold anything.
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-redlines-'));
    const fileOf = (k: number) => path.join(scratch!, `${String(k).padStart(4, '0')}.docx`);
    redlined.forEach((r, k) => fs.writeFileSync(fileOf(k), r.bytes));
    const { converted, ms, log } = convertAll(scratch);
    libreOffice = { ms, log };
    const answers = pythonDocxAll(redlined.map((_, k) => ({ file: fileOf(k) })));
    redlined.forEach((r, k) => {
      const file = fileOf(k);
      if (!converted.has(path.basename(file))) return;
      const text = pdfText(path.join(scratch!, 'pdf', `${path.basename(file, '.docx')}.pdf`));
      r.pdf = { text: text === undefined ? undefined : text.includes(REPLACEMENT) && text.includes(ADDED) };
      r.python = answers.get(file);
    });
  }, 30 * 60_000);

  afterAll(() => {
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
    const count = (f: (r: Redlined) => unknown) => redlined.filter(f).length;
    const pdfs = `LibreOffice made ${count((r) => r.pdf)}/${redlined.length} PDFs in ${((libreOffice?.ms ?? 0) / 1000).toFixed(1)} s (“${REPLACEMENT}” and “${ADDED}” in ${count((r) => r.pdf?.text)})`;
    console.info(
      `redline corpus: ${processed} documents process, ${redlined.length} redlined (${count((r) => r.deleted)} with a paragraph deleted), ` +
        `${failures.length} failing the checks; ${missing ?? `${pdfs}; python-docx opened ${count((r) => r.python?.ok)}/${redlined.length}`}; ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s in all`,
    );
  });

  it('every redline reads back as both versions and carries its own w:ins and w:del', () => {
    if (isSharedCorpus(corpus)) {
      // Every document that processes and has a whole word to edit (the merge corpus suite's 79);
      // the other 26 have no second plain paragraph in their body to delete.
      expect(processed).toBe(147);
      expect(redlined.length).toBe(79);
      expect(redlined.filter((r) => r.deleted).length).toBe(53);
    } else expect(redlined.length).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });

  it('LibreOffice lays out every redline as a PDF that shows the new texts', () => {
    if (missing) throw new Error(missing);
    expect(redlined.filter((r) => !r.pdf).map((r) => r.name), libreOffice!.log.slice(-2000)).toEqual([]);
    // Without pdftotext the text is not known (undefined); it must never be missing (false).
    expect(redlined.filter((r) => r.pdf?.text === false).map((r) => r.name)).toEqual([]);
  });

  it('python-docx opens every redline and lists its body paragraphs', () => {
    if (missing) throw new Error(missing);
    expect(redlined.filter((r) => !r.python?.ok).map((r) => `${r.name}: ${r.python?.error ?? 'no answer'}`)).toEqual([]);
    expect(redlined.filter((r) => r.python!.paragraphs !== r.bodyParagraphs).map((r) => `${r.name}: ${r.python!.paragraphs}, not ${r.bodyParagraphs}`)).toEqual([]);
  });
});
