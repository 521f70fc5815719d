import { type Block, type StoryTree, readTree } from './tree';

/**
 * A story part as the three-way merge (three-way.ts) reads it: top-level paragraphs by
 * w14:paraId and the outermost tables, the units a stale save's changes move in. Maps and
 * memoised walks only, so a 300-page body costs a few passes, never one per paragraph.
 */

export interface StoryIndex {
  readonly tree: StoryTree;
  readonly byId: ReadonlyMap<string, Block>;
  /** Why paragraphs cannot all be paired by id (one without an id, or an id used twice), if so. */
  readonly unpaired: string | undefined;
  /** The outermost table of each top-level paragraph that is in one. */
  readonly tableOf: ReadonlyMap<Block, Block>;
  /** Outermost tables in document order. */
  readonly tables: readonly Block[];
  /** Memoised ancestor path of a block ('document/body/tbl/tr/tc'), to tell containers apart. */
  readonly path: (b: Block) => string;
}

/** Scans a story part. Throws XmlError if it is not well-formed. */
export function indexStory(xml: string): StoryIndex {
  const tree = readTree(xml);
  const byId = new Map<string, Block>();
  let unpaired: string | undefined;
  for (const p of tree.paragraphs) {
    if (p.paraId === undefined) unpaired ??= `a paragraph has no w14:paraId ("${p.text.slice(0, 60)}")`;
    else if (byId.has(p.paraId)) unpaired ??= `the w14:paraId ${p.paraId} is used twice`;
    else byId.set(p.paraId, p);
  }
  // Outermost table per container, memoised: nested tables are part of the one around them.
  const outer = new Map<Block, Block | null>();
  const outermost = (b: Block | undefined): Block | null => {
    if (!b) return null;
    let known = outer.get(b);
    if (known === undefined) {
      known = outermost(b.parent) ?? (b.w && b.local === 'tbl' ? b : null);
      outer.set(b, known);
    }
    return known;
  };
  const tableOf = new Map<Block, Block>();
  const tables: Block[] = [];
  for (const p of tree.paragraphs) {
    const t = outermost(p.parent);
    if (!t) continue;
    tableOf.set(p, t);
    if (tables[tables.length - 1] !== t) tables.push(t);
  }
  const paths = new Map<Block, string>();
  const path = (b: Block): string => {
    let known = paths.get(b);
    if (known === undefined) {
      known = b.parent ? `${path(b.parent)}/${b.local}` : b.local;
      paths.set(b, known);
    }
    return known;
  };
  return { tree, byId, unpaired, tableOf, tables, path };
}

export function xmlOf(ix: StoryIndex, b: Block): string {
  return ix.tree.xml.slice(b.start, b.end);
}

/** Top-level paragraphs inside `b`, in order (a binary search: they are contiguous). */
export function paragraphsIn(ix: StoryIndex, b: Block): readonly Block[] {
  const ps = ix.tree.paragraphs;
  let lo = 0;
  let hi = ps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ps[mid]!.start < b.start) lo = mid + 1;
    else hi = mid;
  }
  let end = lo;
  while (end < ps.length && ps[end]!.end <= b.end) end++;
  return ps.slice(lo, end);
}

/** The visible text of a table or paragraph, for a conflict the user resolves by reading it. */
export function textOf(ix: StoryIndex, b: Block): string {
  return b.local === 'p' ? b.text : paragraphsIn(ix, b).map((p) => p.text).join('\n');
}

export interface Span {
  readonly start: number;
  readonly end: number;
  readonly token: string;
}

/**
 * `xml[from, to)` with each span replaced by its token (spans sorted, inside the range), and the
 * whitespace between tags dropped: it means nothing between blocks, and an editor may add or
 * drop it around a paragraph it inserts.
 */
export function skeleton(xml: string, from: number, to: number, spans: readonly Span[]): string {
  const out: string[] = [];
  let at = from;
  for (const s of spans) {
    out.push(xml.slice(at, s.start), s.token);
    at = s.end;
  }
  out.push(xml.slice(at, to));
  return out.join('').replace(/>\s+</g, '><');
}

/** A table's rows, cells and properties without its paragraphs: what "its structure" means here. */
export function tableShape(ix: StoryIndex, table: Block): string {
  return skeleton(ix.tree.xml, table.start, table.end, paragraphsIn(ix, table).map((p) => ({ start: p.start, end: p.end, token: '' })));
}

/** A cell without a paragraph, which Word refuses to open: what deleting its last one would leave. */
export function hasEmptyCell(tree: StoryTree): boolean {
  const stack: Block[] = [tree.root];
  while (stack.length > 0) {
    const b = stack.pop()!;
    if (b.local === 'p') continue;
    if (b.w && b.local === 'tc' && !b.children.some((c) => c.w && c.local === 'p')) return true;
    for (const c of b.children) stack.push(c); // not push(...): a body can have 100,000 children
  }
  return false;
}

/** Paragraphs changed, inserted or deleted base -> mine, for a part taken whole; 0 if unreadable. */
export function countChanges(base: string, mine: string): number {
  try {
    const b = indexStory(base);
    const m = indexStory(mine);
    let n = 0;
    for (const [id, p] of m.byId) {
      const q = b.byId.get(id);
      if (!q || xmlOf(b, q) !== xmlOf(m, p)) n++;
    }
    for (const id of b.byId.keys()) if (!m.byId.has(id)) n++;
    return n;
  } catch {
    return 0;
  }
}
