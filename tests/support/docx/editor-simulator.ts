import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { propValues, styleOf } from '../../../server/docx/merge/formatting';
import { attr, readParagraph } from '../../../server/docx/merge/paragraph';
import { StyleSheet } from '../../../server/docx/merge/styles';
import { readTree } from '../../../server/docx/merge/tree';

/**
 * Test support: what the embedded editor does to a package on save (docs/editor.md), applied
 * to an editable copy, so the merge can be tested over the whole corpus without a browser. Every
 * paragraph of every story part is re-serialised the way the editor writes an edited one: rsid
 * attributes and proofing marks dropped, w:lang dropped, style values baked into every run as
 * direct formatting, rFonts attributes reordered, neighbouring runs that now look the same joined,
 * the bookmark end moved to the end of the paragraph. docProps/core.xml gets a new modification
 * time and every picture is re-added under a new name, as the editor's full repack does.
 */

export const SAVED_AT = '2031-02-03T04:05:06Z';
export const AI_DATE = '2031-02-03T04:05:00Z';
export const REPLACEMENT = 'Redrafted';

export type Scenario = 'unchanged' | 'replace' | 'bold' | 'suggest';

/** The word a scenario edits, in the base editable copy. */
export interface Target {
  readonly part: string;
  readonly paragraph: number;
  /** The w:t that holds the word, and where the word is inside its raw text. */
  readonly run: { start: number; end: number; openEnd: number; rPr: string };
  readonly text: { start: number; end: number; rawStart: number; rawEnd: number };
  readonly word: string;
  readonly wordAt: number;
}

/** A word of three or more letters of any script, set off by spaces or punctuation. */
const WORDS = /(?<=^|[ (\u201c"\u00ab])\p{L}{3,}(?=$|[ ,.;:)\u201d"!?\u00bb])/gu;

/** The first body paragraph of 3+ words with a word (after a space) inside a plain, not bold run. */
export function findTarget(files: Record<string, Uint8Array>, mainPart: string): Target | undefined {
  return targets(files, mainPart).next().value ?? undefined;
}

/** Every such word, the first of each paragraph, in document order (for a driver that cannot reach one). */
export function* targets(files: Record<string, Uint8Array>, mainPart: string): Generator<Target> {
  const xml = strFromU8(files[mainPart]!);
  const tree = readTree(xml);
  const styles = new StyleSheet(files['word/styles.xml'] ? strFromU8(files['word/styles.xml']) : undefined);
  paragraphs: for (const block of tree.paragraphs) {
    if (block.text.trim().split(/\s+/).length < 3 || block.nestedText) continue;
    const p = readParagraph(xml, block);
    for (let r = 0; r < p.runs.length; r++) {
      const run = p.runs[r]!;
      const wrapped = p.wrappers.some((w) => w.runs.includes(r));
      if (wrapped || run.link || run.revision) continue;
      // Bold already (directly or by style), hidden or capitals: "make it bold" would show nothing.
      if (run.rPr && /<w:(vanish|caps)\b(?![^>]*w:val="(0|false|off)")/.test(xml.slice(run.rPr.start, run.rPr.end))) continue;
      const rStyle = run.rPr?.children.find((c) => c.local === 'rStyle');
      // The run's own w:b, on or off, decides; without one, its styles do.
      if ((propValues(run).b ?? styles.inherited(styleOf(p), rStyle ? (attr(rStyle.attrs, 'val') ?? '') : '', 'b')) === 'on') continue;
      for (const item of run.items) {
        if (item.local !== 't') continue;
        const rawStart = xml.indexOf('>', item.start) + 1;
        const rawEnd = xml.lastIndexOf('</', item.end - 1);
        if (xml.slice(item.start, rawStart).endsWith('/>')) continue;
        // A word at the edge of its w:t may run on into the next run's text ("Fff" + "Lorem").
        const m = [...xml.slice(rawStart, rawEnd).matchAll(WORDS)].find((w) => wholeWord(xml, block, rawStart + w.index, w[0].length));
        if (!m) continue;
        const rPr = run.rPr ? xml.slice(run.rPr.start, run.rPr.end) : '';
        yield { part: mainPart, paragraph: block.index, run: { start: run.start, end: run.end, openEnd: run.openEnd, rPr }, text: { start: item.start, end: item.end, rawStart, rawEnd }, word: m[0], wordAt: m.index };
        continue paragraphs;
      }
    }
  }
}

/** The word at `at` is a whole word of its paragraph's text, which runs on across runs (marked with private-use characters). */
function wholeWord(xml: string, block: { start: number; end: number }, at: number, length: number): boolean {
  const marked = `${xml.slice(block.start, at)}\uE000${xml.slice(at, at + length)}\uE001${xml.slice(at + length, block.end)}`;
  // Tabs and breaks part words as spaces do.
  const text = [...marked.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:(?:tab|br|cr)\b[^>]*\/>/g)].map((t) => t[1] ?? ' ').join('');
  return !/\p{L}\uE000|\uE001\p{L}/u.test(text);
}

/** The user's edit, applied to the base XML of the target paragraph's run. */
export function applyEdit(xml: string, t: Target, scenario: Exclude<Scenario, 'unchanged'>): string {
  const raw = xml.slice(t.text.rawStart, t.text.rawEnd);
  const before = raw.slice(0, t.wordAt);
  const after = raw.slice(t.wordAt + t.word.length);
  if (scenario === 'replace') return xml.slice(0, t.text.rawStart) + before + REPLACEMENT + after + xml.slice(t.text.rawEnd);
  const open = xml.slice(t.run.start, t.run.openEnd);
  const itemsBefore = xml.slice(t.run.openEnd + t.run.rPr.length, t.text.start);
  const itemsAfter = xml.slice(t.text.end, xml.lastIndexOf('</', t.run.end - 1));
  const run = (rPr: string, content: string) => `${open}${rPr}${content}</w:r>`;
  const t_ = (s: string, name = 't') => `<w:${name} xml:space="preserve">${s}</w:${name}>`;
  let middle: string;
  if (scenario === 'bold') {
    const bold = t.run.rPr ? withBold(t.run.rPr) : '<w:rPr><w:b/><w:bCs/></w:rPr>';
    middle = run(bold, t_(t.word));
  } else {
    middle =
      `<w:del w:id="9001" w:author="AI Assistant" w:date="${AI_DATE}">${run(t.run.rPr, t_(t.word, 'delText'))}</w:del>` +
      `<w:ins w:id="9002" w:author="AI Assistant" w:date="${AI_DATE}">${run(t.run.rPr, t_(REPLACEMENT))}</w:ins>`;
  }
  const replacement = run(t.run.rPr, itemsBefore + t_(before)) + middle + run(t.run.rPr, t_(after) + itemsAfter);
  return xml.slice(0, t.run.start) + replacement + xml.slice(t.run.end);
}

function withBold(rPr: string): string {
  // A run that turns a bold style off (w:b w:val="0") is turned on in place.
  if (/<w:b\b[^>]*\/>/.test(rPr)) {
    const on = rPr.replace(/<w:b\b[^>]*\/>/, '<w:b/>');
    return /<w:bCs\b/.test(on) ? on.replace(/<w:bCs\b[^>]*\/>/, '<w:bCs/>') : on.replace('<w:b/>', '<w:b/><w:bCs/>');
  }
  // After rStyle, rFonts (CT_RPr's order), else first.
  const m = /^<w:rPr>((?:<w:rStyle\b[^>]*\/>)?(?:<w:rFonts\b[^>]*\/>)?)/.exec(rPr);
  if (!m) return rPr.replace(/<\/w:rPr>$/, '<w:b/><w:bCs/></w:rPr>');
  return `<w:rPr>${m[1]}<w:b/><w:bCs/>${rPr.slice(m[0].length)}`;
}

/** A package as the editor would save it, after the user's edit (if any). */
export function simulateSave(editable: Uint8Array, storyParts: readonly string[], scenario: Scenario, target?: Target): Uint8Array {
  const files = unzipSync(editable);
  for (const part of storyParts) {
    let xml = strFromU8(files[part]!);
    if (target && target.part === part && scenario !== 'unchanged') xml = applyEdit(xml, target, scenario);
    files[part] = strToU8(rewriteParagraphs(xml));
  }
  const core = Object.keys(files).find((n) => n.toLowerCase() === 'docprops/core.xml');
  if (core) files[core] = strToU8(strFromU8(files[core]!).replace(/(<dcterms:modified\b[^>]*>)[^<]*/, `$1${SAVED_AT}`));
  readdMedia(files);
  files['docProps/'] = new Uint8Array(0);
  return zipSync(files);
}

/** Every paragraph of a part, rewritten as the editor writes paragraphs. */
export function rewriteParagraphs(xml: string): string {
  const tree = readTree(xml);
  const out: string[] = [];
  let at = 0;
  for (const p of tree.paragraphs) {
    out.push(xml.slice(at, p.start), rewriteParagraph(xml.slice(p.start, p.end)));
    at = p.end;
  }
  out.push(xml.slice(at));
  return out.join('');
}

const BAKED_FONTS = '<w:rFonts w:cs="Calibri" w:eastAsia="Calibri" w:hAnsi="Calibri" w:ascii="Calibri"/>';
const BAKED_SIZE = '<w:sz w:val="22"/><w:szCs w:val="22"/>';

function rewriteParagraph(p: string): string {
  let x = dropNestedDeletions(p)
    .replace(/\s[\w]+:rsid\w*="[^"]*"/g, '')
    .replace(/<w:proofErr\b[^>]*\/>/g, '')
    .replace(/<w:lang\b[^>]*\/>/g, '')
    .replace(/<w:softHyphen\/>/g, '')
    .replace(/<w:rFonts\b([^>]*?)\/>/g, (_m, attrs: string) => `<w:rFonts${reorder(attrs)}/>`);
  // Style values baked into every run as direct formatting.
  x = x.replace(/<w:r>(?!<w:rPr)/g, '<w:r><w:rPr></w:rPr>');
  x = x.replace(/(<w:r>)<w:rPr>([\s\S]*?)<\/w:rPr>/g, (_m, open: string, inner: string) => `${open}<w:rPr>${bake(inner)}</w:rPr>`);
  x = x.replace(/<w:rPr><\/w:rPr>/g, '');
  // Runs that now look alike become one.
  x = x.replace(/(<w:r><w:rPr>((?:(?!<\/w:rPr>).)*)<\/w:rPr>)<w:t(?: xml:space="preserve")?>([^<]*)<\/w:t><\/w:r><w:r><w:rPr>\2<\/w:rPr><w:t(?: xml:space="preserve")?>([^<]*)<\/w:t><\/w:r>/g, (_m, head: string, _rPr: string, a: string, b: string) => `${head}<w:t xml:space="preserve">${a}${b}</w:t></w:r>`);
  // The bookmark end goes after the runs.
  const ends = x.match(/<w:bookmarkEnd\b[^>]*\/>/g) ?? [];
  if (ends.length > 0 && x.endsWith('</w:p>')) {
    x = x.replace(/<w:bookmarkEnd\b[^>]*\/>/g, '');
    x = x.replace(/<\/w:p>$/, `${ends.join('')}</w:p>`);
  }
  return x;
}

/**
 * The editor keeps only the runs and links directly inside a w:ins, w:del, w:moveFrom or
 * w:moveTo: a revision inside another goes, text and all, and so does a wrapper left empty.
 * Simulated for a w:del inside another revision only (poi/Tika-792.docx: a deletion inside a
 * move): the corpus check compares the text a reader sees with the editor's, and text the editor
 * drops from an insertion stays in the merge, as smart-tag text does (not simulated either).
 */
function dropNestedDeletions(p: string): string {
  const tag = /<(\/?)w:(ins|del|moveFrom|moveTo)\b[^>]*?(\/?)>/g;
  let out = '';
  let at = 0; // `p` before this is in `out` or dropped
  const open: string[] = []; // the revisions open, outermost first
  let outer = 0; // where the outermost one starts in `out`
  for (const m of p.matchAll(tag)) {
    if (m[3]) continue; // self-closing: holds nothing
    const start = m.index!;
    const end = start + m[0].length;
    if (!m[1]) {
      if (open.length === 0) outer = out.length + start - at;
      if (open.length === 1 && m[2] === 'del') [out, at] = [out + p.slice(at, start), start]; // a nested deletion begins
      open.push(m[2]!);
      continue;
    }
    open.pop();
    if (open.length === 1 && m[2] === 'del') at = end; // and ends: dropped
    if (open.length === 0) {
      [out, at] = [out + p.slice(at, end), end];
      if (/^<[^>]*><\/[^>]*>$/.test(out.slice(outer))) out = out.slice(0, outer);
    }
  }
  return out + p.slice(at);
}

function bake(inner: string): string {
  let out = inner;
  if (!/<w:rFonts\b/.test(out)) out = out.replace(/^((?:<w:rStyle\b[^>]*\/>)?)/, `$1${BAKED_FONTS}`);
  if (!/<w:sz\b/.test(out)) {
    const after = /<w:(highlight|u|effect|bdr|shd|fitText|vertAlign|rtl|cs|em|eastAsianLayout|specVanish|oMath)\b/.exec(out);
    out = after ? out.slice(0, after.index) + BAKED_SIZE + out.slice(after.index) : out + BAKED_SIZE;
  }
  return out;
}

function reorder(attrs: string): string {
  const list = attrs.match(/\s[\w:]+="[^"]*"/g) ?? [];
  return list.reverse().join('');
}

/** The editor's full repack writes every picture again under a new name. */
function readdMedia(files: Record<string, Uint8Array>): void {
  const renames = new Map<string, string>();
  for (const name of Object.keys(files)) {
    const m = /^word\/media\/([^/]+)$/.exec(name);
    if (!m) continue;
    const renamed = `word/media/editor-${m[1]}`;
    files[renamed] = files[name]!;
    delete files[name];
    renames.set(`media/${m[1]}`, `media/editor-${m[1]}`);
  }
  if (renames.size === 0) return;
  for (const name of Object.keys(files)) {
    if (!name.endsWith('.rels')) continue;
    let xml = strFromU8(files[name]!);
    for (const [from, to] of renames) xml = xml.split(`Target="${from}"`).join(`Target="${to}"`);
    files[name] = strToU8(xml);
  }
}
