/**
 * What a saved document is, next to the base it was edited from: which zip parts changed in bytes
 * and which in meaning, which paragraphs of the body changed (by w14:paraId), and whether the
 * edited paragraph is exactly the user's edit of the base. The standard is the one the simulated
 * corpus test holds the merge to (server/docx/merge/corpus.unit.test.ts): every other part and
 * paragraph keeps its bytes, core.xml changes only in dcterms:modified, and the edited paragraph
 * reads (canonical.ts tokens: characters with their run properties) as the base with the edit.
 */
import { strFromU8, unzipSync } from 'fflate';
import { applyEdit, type Target } from '../../tests/support/docx/editor-simulator';
import { canonicalParagraph, type Token } from '../../tests/support/docx/canonical';
import { readTree } from '../../server/docx/merge/tree';
import { decodePart } from '../../server/docx/package';
import { REPLACEMENT } from './browser';

export type Scenario = 'unedited' | 'noop' | 'replace' | 'bold' | 'suggest';

export interface Comparison {
  /** One line each: why this save does not meet the standard. Empty: it does. */
  problems: string[];
  /** Notes that are not failures (a byte change with the same meaning, w:b without w:bCs). */
  notes: string[];
  bytesChanged: string[];
  meaningChanged: string[];
  paragraphsChanged: string[];
  /** Edited paragraph byte for byte the ideal edit of the base. */
  exact?: boolean;
  /** The replaced (or bolded) word's characters carry the base run's w:rPr (bold aside). */
  rPrKept?: boolean;
  /** For 'suggest': w:del and w:ins by AI Assistant, each with the base run's w:rPr. */
  trackedOk?: boolean;
}

export function compare(baseBytes: Uint8Array, outBytes: Uint8Array, mainPart: string, scenario: Scenario, target: Target | undefined): Comparison {
  const c: Comparison = { problems: [], notes: [], bytesChanged: [], meaningChanged: [], paragraphsChanged: [] };
  const base = unzipSync(baseBytes);
  const out = unzipSync(outBytes);
  for (const name of Object.keys(base)) if (!(name in out)) c.problems.push(`part ${name} missing`);
  for (const name of Object.keys(out)) if (!(name in base)) c.problems.push(`part ${name} added`);
  for (const name of Object.keys(base)) {
    const a = base[name]!;
    const b = out[name];
    if (!b || Buffer.from(a).equals(b)) continue;
    c.bytesChanged.push(name);
    if (meaningOf(name, a) !== meaningOf(name, b)) c.meaningChanged.push(name);
    if (name === mainPart) continue;
    if (name.toLowerCase() === 'docprops/core.xml' && onlyModifiedTime(a, b)) continue;
    c.problems.push(c.meaningChanged.includes(name) ? `${name} changed` : `${name} changed in bytes only`);
  }
  // As findTarget read it (strFromU8), so the target's offsets hold.
  const baseXml = strFromU8(base[mainPart]!);
  const outXml = out[mainPart] ? strFromU8(out[mainPart]) : '';
  const edited = scenario === 'unedited' || scenario === 'noop' || !target ? undefined : readTree(baseXml).paragraphs[target.paragraph]?.paraId;
  bodyParagraphs(baseXml, outXml, edited, c);
  if (edited && target) editedParagraph(baseXml, outXml, target, edited, scenario as 'replace' | 'bold' | 'suggest', c);
  return c;
}

/** Every top-level paragraph but the edited one keeps its bytes, and so does what lies between them. */
function bodyParagraphs(baseXml: string, outXml: string, edited: string | undefined, c: Comparison) {
  const a = readTree(baseXml);
  const b = readTree(outXml);
  const byId = (xml: string, t: typeof a) => new Map(t.paragraphs.map((p, i) => [p.paraId ?? `#${i}`, xml.slice(p.start, p.end)]));
  const before = byId(baseXml, a);
  const after = byId(outXml, b);
  for (const [id, xml] of before) {
    const now = after.get(id);
    if (now === undefined) c.problems.push(`paragraph ${id} removed ("${excerpt(xml)}")`);
    else if (now !== xml) {
      c.paragraphsChanged.push(id);
      if (id !== edited) c.problems.push(`paragraph ${id} changed ("${excerpt(xml)}")`);
    }
  }
  for (const id of after.keys()) if (!before.has(id)) c.problems.push(`paragraph ${id} added ("${excerpt(after.get(id)!)}")`);
  const skeleton = (xml: string, t: typeof a) => {
    let s = '';
    let at = 0;
    for (const p of t.paragraphs) {
      s += xml.slice(at, p.start);
      at = p.end;
    }
    return s + xml.slice(at);
  };
  if (skeleton(baseXml, a) !== skeleton(outXml, b)) c.problems.push('body XML outside paragraphs changed (tables, sections, content controls)');
  if (edited && !c.paragraphsChanged.includes(edited)) c.problems.push(`edited paragraph ${edited} is unchanged: the edit was not saved`);
}

/** The edited paragraph against the ideal: the base paragraph with exactly the user's edit. */
function editedParagraph(baseXml: string, outXml: string, target: Target, paraId: string, scenario: 'replace' | 'bold' | 'suggest', c: Comparison) {
  const tree = readTree(baseXml);
  const p = tree.paragraphs[target.paragraph]!;
  const tail = baseXml.length - p.end;
  const full = applyEdit(baseXml, target, scenario);
  const ideal = full.slice(p.start, full.length - tail);
  const outTree = readTree(outXml);
  const q = outTree.paragraphs.find((x) => x.paraId === paraId);
  if (!q) return;
  const got = outXml.slice(q.start, q.end);
  const decls = [...tree.rootDeclarations].map(([k, v]) => ` ${k ? `xmlns:${k}` : 'xmlns'}="${v}"`).join('');
  const gotTokens = canonicalParagraph(got, decls).map(normalise);
  const baseTokens = canonicalParagraph(baseXml.slice(p.start, p.end), decls);
  // Byte for byte: for bold either way of writing it, for suggest with the revision ids and dates aside.
  c.exact = scenario === 'bold' ? got === ideal || got === ideal.replace('<w:b/><w:bCs/>', '<w:b/>') : scenario === 'suggest' ? withoutRevisionIds(got) === withoutRevisionIds(ideal) : got === ideal;
  let diff = firstDifference(gotTokens, canonicalParagraph(ideal, decls).map(normalise));
  // Ctrl+B in Word writes w:b and w:bCs; an editor that writes only w:b bolds the word all the same.
  if (diff && scenario === 'bold') {
    const bOnly = firstDifference(gotTokens, canonicalParagraph(ideal.replace('<w:b/><w:bCs/>', '<w:b/>'), decls).map(normalise));
    if (!bOnly) {
      diff = undefined;
      c.notes.push('bold written as w:b without w:bCs');
    }
  }
  if (diff) c.problems.push(`edited paragraph ${paraId}: ${diff}`);
  // The word's run properties: the first character of what the user typed (or bolded) against
  // the first character of the word in the base.
  const wordLook = baseTokens.find((t, i) => t.char !== undefined && tokensAt(baseTokens, i, target.word))?.look;
  const typed = scenario === 'bold' ? target.word : REPLACEMENT;
  const at = gotTokens.findIndex((t, i) => t.char !== undefined && tokensAt(gotTokens, i, typed) && (scenario !== 'bold' || /<w:b\/>/.test(t.look)));
  const rPr = (look: string | undefined) => (look ?? '').split('|')[2] ?? '';
  if (wordLook !== undefined && at >= 0) {
    const gotRPr = rPr(gotTokens[at]!.look);
    // Bold aside: w:b and w:bCs in any state (a run can turn its style's bold off with w:val="0").
    const unbold = (x: string) => x.replace(/<w:b(?:Cs)?\b[^>]*\/>/g, '');
    c.rPrKept = scenario === 'bold' ? unbold(gotRPr) === unbold(rPr(wordLook)) : gotRPr === rPr(wordLook);
  } else c.rPrKept = false;
  if (scenario === 'suggest') {
    const del = gotTokens.find((t) => t.char !== undefined && /<w:del\b[^>]*w:author="AI Assistant"/.test(t.look));
    const ins = gotTokens.find((t) => t.char !== undefined && /<w:ins\b[^>]*w:author="AI Assistant"/.test(t.look));
    c.trackedOk = !!del && !!ins && rPr(del.look) === rPr(wordLook) && rPr(ins.look) === rPr(wordLook);
    if (!del || !ins) c.problems.push(`edited paragraph ${paraId}: no ${!del ? 'w:del' : 'w:ins'} by AI Assistant`);
  }
}

/** The editor's own revision ids and dates cannot match the ideal's; everything else must. */
const withoutRevisionIds = (xml: string) => xml.replace(/<w:(?:ins|del)\b[^>]*>/g, (tag) => tag.replace(/\s+w:(?:id|date)="[^"]*"/g, ''));

function normalise(t: Token): Token {
  return { ...t, look: withoutRevisionIds(t.look) };
}

function tokensAt(tokens: readonly Token[], i: number, word: string): boolean {
  for (let k = 0; k < word.length; k++) if (tokens[i + k]?.char !== word[k]) return false;
  return true;
}

function firstDifference(got: readonly Token[], want: readonly Token[]): string | undefined {
  const n = Math.max(got.length, want.length);
  for (let i = 0; i < n; i++) {
    const a = got[i];
    const b = want[i];
    if (a && b && a.char === b.char && a.xml === b.xml && a.look === b.look) continue;
    const text = got.slice(Math.max(0, i - 12), i).map((t) => t.char ?? '').join('');
    return `at token ${i} (after "${text}") got ${show(a)}, want ${show(b)}`;
  }
  return undefined;
}

const show = (t: Token | undefined) => (t === undefined ? 'nothing' : JSON.stringify(t.char !== undefined ? { char: t.char, look: t.look } : { xml: t.xml, look: t.look }));

/** A comparable reading of a part: paragraphs as canonical tokens, other XML with attributes sorted. */
function meaningOf(name: string, bytes: Uint8Array): string {
  if (!/\.(xml|rels)$/i.test(name)) return Buffer.from(bytes).toString('base64');
  const xml = decodePart(bytes).text;
  let tree: ReturnType<typeof readTree>;
  try {
    tree = readTree(xml);
  } catch {
    return canonicalXml(xml);
  }
  if (tree.paragraphs.length === 0) return canonicalXml(xml);
  const decls = [...tree.rootDeclarations].map(([k, v]) => ` ${k ? `xmlns:${k}` : 'xmlns'}="${v}"`).join('');
  let s = '';
  let at = 0;
  for (const p of tree.paragraphs) {
    s += canonicalXml(xml.slice(at, p.start)) + JSON.stringify(canonicalParagraph(xml.slice(p.start, p.end), decls));
    at = p.end;
  }
  return s + canonicalXml(xml.slice(at));
}

/** Attribute order, quote style, `<a></a>` against `<a/>`, indentation and the declaration ignored. */
export function canonicalXml(xml: string): string {
  return xml
    .replace(/^\uFEFF?<\?xml[^>]*\?>/, '')
    .replace(/>\s*\n\s*</g, '><')
    .replace(/<([\w:.-]+)((?:\s+[\w:.-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g, (_m, name: string, attrs: string, slash: string) => {
      const list = [...attrs.matchAll(/([\w:.-]+)\s*=\s*("[^"]*"|'[^']*')/g)].map((a) => `${a[1]}="${a[2]!.slice(1, -1)}"`).sort();
      return `<${name}${list.map((a) => ` ${a}`).join('')}${slash}>`;
    })
    .replace(/<([\w:.-]+)((?: [^>]*)?)><\/\1>/g, '<$1$2/>');
}

function onlyModifiedTime(a: Uint8Array, b: Uint8Array): boolean {
  const strip = (bytes: Uint8Array) => strFromU8(bytes).replace(/(<dcterms:modified\b[^>]*>)[^<]*/, '$1');
  return strip(a) === strip(b);
}

const excerpt = (xml: string) => xml.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim().slice(0, 40);
