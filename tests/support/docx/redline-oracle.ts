/**
 * What Word's Accept All and Reject All would leave of a document's tracked changes, worked out
 * independently of the redline writer (server/docx/compare): each story part is parsed with
 * saxes into a tree, its revisions resolved, and its top-level paragraphs read as text.
 *
 * - w:ins / w:moveTo: accept keeps the content, reject drops it; w:del / w:moveFrom the other way.
 * - A paragraph mark marked inserted (w:pPr/w:rPr/w:ins) is gone on reject, one marked deleted is
 *   gone on accept: the paragraph's text then joins the next paragraph's (the previous one's when
 *   it is the part's last).
 * - w:rPrChange / w:pPrChange: accept drops the record, reject puts the old properties back.
 * - Move range markers are dropped.
 * `author` limits rejecting to that author's revisions; everyone else's are accepted.
 */
import { SaxesParser, type SaxesTagNS } from 'saxes';
import { compareDocx } from '../../../server/docx/compare/compare';
import { openPackage } from '../../../server/docx/merge/open';
import { readTree } from '../../../server/docx/merge/tree';
import { decodePart } from '../../../server/docx/package';
import { processDocx } from '../../../server/docx/process';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';

interface El {
  readonly name: string;
  readonly uri: string;
  readonly local: string;
  readonly attrs: Record<string, string>;
  children: Node[];
}
type Node = El | string;

export type View = 'accept' | 'reject';
export interface ResolvedPart {
  readonly part: string;
  /** Top-level paragraphs' texts, tabs as \t and breaks as \n, text boxes left out. */
  readonly texts: string[];
  /** The part with its revisions resolved. */
  readonly xml: string;
}

export function acceptAll(docx: Uint8Array): string[] {
  return resolveRevisions(docx, 'accept').flatMap((p) => p.texts);
}

export function rejectAll(docx: Uint8Array, only?: { author: string }): string[] {
  return resolveRevisions(docx, 'reject', only?.author).flatMap((p) => p.texts);
}

/** Resolved once per package and view: a fuzz compares many redlines with the same original. */
const resolved = new WeakMap<Uint8Array, Map<string, ResolvedPart[]>>();

/** Every story part of the package (body first), resolved. */
export function resolveRevisions(docx: Uint8Array, view: View, author?: string): ResolvedPart[] {
  const key = `${view}\u0000${author ?? ''}`;
  let views = resolved.get(docx);
  if (!views) resolved.set(docx, (views = new Map()));
  let parts = views.get(key);
  if (!parts) views.set(key, (parts = resolve(docx, view, author)));
  return parts;
}

function resolve(docx: Uint8Array, view: View, author: string | undefined): ResolvedPart[] {
  const pkg = openPackage(docx);
  return pkg.storyParts.map((part) => {
    const root = parse(decodePart(pkg.parts.get(part)!).text);
    const rejects = (el: El) => view === 'reject' && (author === undefined || el.attrs['w:author'] === author);
    resolveUnder(root, rejects);
    return { part, texts: paragraphTexts(root, rejects), xml: serialise(root) };
  });
}

function parse(xml: string): El {
  const parser = new SaxesParser({ xmlns: true });
  const stack: El[] = [];
  let root: El | undefined;
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attrs: Record<string, string> = {};
    for (const a of Object.values(tag.attributes)) attrs[a.name] = a.value;
    const el: El = { name: tag.name, uri: tag.uri, local: tag.local, attrs, children: [] };
    stack[stack.length - 1]?.children.push(el);
    root ??= el;
    stack.push(el);
  });
  parser.on('closetag', () => stack.pop());
  parser.on('text', (t) => stack[stack.length - 1]?.children.push(t));
  parser.on('cdata', (t) => stack[stack.length - 1]?.children.push(t));
  parser.write(xml).close();
  return root!;
}

const isW = (n: Node, local: string): boolean => typeof n !== 'string' && n.uri === W && n.local === local;
const MARKS = ['ins', 'del', 'moveFrom', 'moveTo'];

/** Resolves the revisions under `el` in place, paragraph marks aside (paragraphTexts reads them). */
function resolveUnder(el: El, rejects: (el: El) => boolean): void {
  const out: Node[] = [];
  for (const c of el.children) {
    if (typeof c === 'string') {
      out.push(c);
      continue;
    }
    resolveUnder(c, rejects);
    if (c.uri !== W) out.push(c);
    else if (/^move(From|To)Range(Start|End)$/.test(c.local)) continue;
    else if (MARKS.includes(c.local) && el.local === 'rPr') out.push(c); // a paragraph mark's
    else if (c.local === 'ins' || c.local === 'moveTo') out.push(...(rejects(c) ? [] : c.children));
    else if (c.local === 'del' || c.local === 'moveFrom') out.push(...(rejects(c) ? c.children : []));
    else if (c.local === 'rPrChange' || c.local === 'pPrChange') {
      if (!rejects(c)) continue;
      // The old properties replace the current ones (a paragraph keeps its mark and section).
      const old = c.children.find((n): n is El => typeof n !== 'string' && n.uri === W)?.children ?? [];
      const kept = c.local === 'pPrChange' ? out.filter((n) => isW(n, 'rPr') || isW(n, 'sectPr')) : [];
      out.length = 0;
      out.push(...old, ...kept);
    } else out.push(c);
  }
  el.children = out;
}

function paragraphTexts(root: El, rejects: (el: El) => boolean): string[] {
  const found: { text: string; markGone: boolean }[] = [];
  const walk = (el: El) => {
    for (const c of el.children) {
      if (typeof c === 'string' || (c.uri === MC && c.local === 'Fallback')) continue;
      if (isW(c, 'p')) found.push({ text: textOf(c), markGone: markGone(c, rejects) });
      else walk(c);
    }
  };
  walk(root);
  const texts: string[] = [];
  let carry = '';
  for (const p of found) {
    if (p.markGone) carry += p.text;
    else {
      texts.push(carry + p.text);
      carry = '';
    }
  }
  if (carry && texts.length > 0) texts[texts.length - 1] += carry;
  else if (carry) texts.push(carry);
  return texts;
}

function markGone(p: El, rejects: (el: El) => boolean): boolean {
  const pPr = p.children.find((c) => isW(c, 'pPr')) as El | undefined;
  const rPr = pPr?.children.find((c) => isW(c, 'rPr')) as El | undefined;
  for (const m of rPr?.children ?? []) {
    if (isW(m, 'ins') || isW(m, 'moveTo')) return rejects(m as El);
    if (isW(m, 'del') || isW(m, 'moveFrom')) return !rejects(m as El);
  }
  return false;
}

/** A paragraph's own text: runs' text, deleted text put back, tabs and breaks; no nested paragraphs. */
function textOf(p: El): string {
  let out = '';
  const walk = (el: El, inRun: boolean) => {
    for (const c of el.children) {
      if (typeof c === 'string') continue;
      if (isW(c, 'p') || (c.uri === MC && c.local === 'Fallback')) continue;
      if (inRun && (isW(c, 't') || isW(c, 'delText'))) out += c.children.filter((n) => typeof n === 'string').join('');
      else if (inRun && isW(c, 'tab')) out += '\t';
      else if (inRun && isW(c, 'br') && c.attrs['w:type'] !== 'page' && c.attrs['w:type'] !== 'column') out += '\n';
      else if (inRun && isW(c, 'cr')) out += '\n';
      else if (inRun && isW(c, 'noBreakHyphen')) out += '\u2011';
      else walk(c, inRun || isW(c, 'r'));
    }
  };
  walk(p, false);
  return out;
}

function serialise(el: El): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const attrs = Object.entries(el.attrs)
    .map(([k, v]) => ` ${k}="${escape(v).replace(/"/g, '&quot;')}"`)
    .join('');
  const inner = el.children.map((c) => (typeof c === 'string' ? escape(c) : serialise(c))).join('');
  return `<${el.name}${attrs}>${inner}</${el.name}>`;
}

/**
 * What is wrong with `red` as the redline of a -> b by `author` ([] when nothing): accepting
 * all must give b's text and rejecting the author's changes a's; every paragraph of b the
 * comparison does not name must keep its bytes; the author's revision ids must be new and
 * distinct; and the package must process as an upload.
 */
export function redlineProblems(a: Uint8Array, b: Uint8Array, red: Uint8Array, author: string): string[] {
  const problems: string[] = [];
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((t, k) => t === y[k]);
  if (!same(acceptAll(red), acceptAll(b))) problems.push(`accept all: ${JSON.stringify(acceptAll(red))} is not b's ${JSON.stringify(acceptAll(b))}`);
  const rejected = rejectAll(red, { author });
  if (!same(rejected, acceptAll(a))) problems.push(`reject all: ${JSON.stringify(rejected)} is not a's ${JSON.stringify(acceptAll(a))}`);

  const touched = new Set(compareDocx(a, b).paragraphs.flatMap((p) => (p.kind === 'deleted' ? [] : [`${p.part}#${p.indexB}`])));
  const pb = openPackage(b);
  const pr = openPackage(red);
  for (const part of pb.storyParts) {
    const before = readTree(decodePart(pb.parts.get(part)!).text);
    const after = readTree(decodePart(pr.parts.get(part)!).text);
    const kept = new Set(after.paragraphs.map((p) => after.xml.slice(p.start, p.end)));
    before.paragraphs.forEach((p, k) => {
      if (!touched.has(`${part}#${k}`) && !kept.has(before.xml.slice(p.start, p.end))) problems.push(`${part} paragraph ${k} was not kept as it was`);
    });
  }

  const ids = (pkg: ReturnType<typeof openPackage>) => pkg.storyParts.flatMap((part) => [...decodePart(pkg.parts.get(part)!).text.matchAll(/<w:(\w+) w:id="(\d+)"( w:author="([^"]*)")?/g)]);
  const old = new Set(ids(pb).map((m) => m[2]));
  // A move range's start and end share their id; its start counts for both.
  const mine = ids(pr).filter((m) => m[4] === author).map((m) => m[2]!);
  if (new Set(mine).size !== mine.length) problems.push('revision ids repeat');
  if (mine.some((id) => old.has(id))) problems.push('revision ids collide with ids b had');

  const again = processDocx(red);
  if (!again.ok) problems.push(`the redline does not process: ${again.reason} ${again.detail ?? ''}`);
  return problems;
}
