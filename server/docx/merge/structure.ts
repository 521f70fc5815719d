import type { ParagraphPairs } from './align';
import type { Block, StoryTree } from './tree';

/**
 * The containers that give paragraphs their place: the body, tables, rows, cells, notes,
 * comments. Content controls and custom XML are looked through (the editor drops or rewrites
 * them, docs/editor.md), so a paragraph inside one still pairs with the editor's copy outside it.
 */

export interface Splice {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Insertion order, which breaks ties between splices at one offset. */
  readonly order: number;
}

const STRUCTURAL = new Set(['document', 'body', 'tbl', 'tr', 'tc', 'hdr', 'ftr', 'footnotes', 'footnote', 'endnotes', 'endnote', 'comments', 'comment', 'txbxContent']);
/** Containers that go when nothing in them survives; a body or a header never does. */
const DELETABLE = new Set(['tbl', 'footnote', 'endnote', 'comment']);

export function isStructural(b: Block): boolean {
  return b.parent === undefined || (b.w && STRUCTURAL.has(b.local));
}

export function deletable(b: Block): boolean {
  return b.w && DELETABLE.has(b.local);
}

export function structuralParent(b: Block): Block {
  let p = b.parent!;
  while (!isStructural(p)) p = p.parent!;
  return p;
}

/**
 * Children that hold paragraphs, with content controls and custom XML looked through. Those nest
 * as deep as the scanner allows (MAX_XML_DEPTH), so the walk keeps its own stack.
 */
export function flatChildren(b: Block): Block[] {
  const out: Block[] = [];
  const stack = reversedChildren(b);
  for (let c = stack.pop(); c; c = stack.pop()) {
    if (c.local === 'p' && c.w) {
      if (c.index >= 0) out.push(c);
    } else if (c.hasParagraphs) {
      if (isStructural(c)) out.push(c);
      else stack.push(...reversedChildren(c));
    }
  }
  return out;
}

/** A block's children last first: popped from a stack, they come in document order. */
export function reversedChildren(b: Block): Block[] {
  return b.children.slice().reverse();
}

export interface ContainerPairs {
  readonly baseToEdited: ReadonlyMap<Block, Block>;
  readonly editedToBase: ReadonlyMap<Block, Block>;
  /** Paired tables whose rows or cells the user changed (added, deleted, split, merged). */
  readonly reshaped: ReadonlySet<Block>;
  /**
   * The editor's own empty containers, made up for base ones it could not show: each with the
   * base container it stands for, or undefined for a cell that only fills its row's grid.
   */
  readonly standIns: ReadonlyMap<Block, Block | undefined>;
  readonly unseen: Unseen;
}

/** Pairs containers through the paragraphs they hold, from the root down. */
export function containersOf(base: StoryTree, edited: StoryTree, pairs: ParagraphPairs): ContainerPairs {
  const b2e = new Map<Block, Block>([[base.root, edited.root]]);
  const e2b = new Map<Block, Block>([[edited.root, base.root]]);
  const pair = (x: Block, y: Block) => {
    b2e.set(x, y);
    e2b.set(y, x);
  };
  base.paragraphs.forEach((b, i) => {
    const j = pairs.baseToEdited[i]!;
    if (j < 0) return;
    const cb = chain(b);
    const ce = chain(edited.paragraphs[j]!);
    for (let k = 1; k < cb.length && k < ce.length; k++) {
      const x = cb[k]!;
      const y = ce[k]!;
      if (x.local !== y.local) break;
      const px = b2e.get(x);
      const py = e2b.get(y);
      if (px === undefined && py === undefined) pair(x, y);
      else if (px !== y) break;
    }
  });
  // A body with no paragraph (an empty document) has none to pair it through.
  const xb = bodyOf(base.root);
  const yb = bodyOf(edited.root);
  if (xb && yb && !b2e.has(xb) && !e2b.has(yb)) pair(xb, yb);

  const unseen = new Unseen(base.paragraphs);
  const shapes = new Shapes(base, edited, pairs, b2e, e2b, unseen);
  for (const [x, y] of b2e) shapes.findStandIns(x, y);
  const reshaped = new Set<Block>();
  for (const [x, y] of b2e) if (x.local === 'tbl' && !shapes.same(x, y)) reshaped.add(x);
  return { baseToEdited: b2e, editedToBase: e2b, reshaped, standIns: shapes.standIns, unseen };
}

function bodyOf(root: Block): Block | undefined {
  return root.local === 'document' && root.w ? root.children.find((c) => c.w && c.local === 'body') : undefined;
}

/** Structural ancestors of a paragraph, root first. */
function chain(p: Block): Block[] {
  const out: Block[] = [];
  for (let b = structuralParent(p); ; b = structuralParent(b)) {
    out.unshift(b);
    if (b.parent === undefined) return out;
  }
}

/**
 * Base paragraphs the editor never shows: those in a row or cell wrapped in a content control
 * (or custom XML). The editor drops such a cell or row on load, and writes an empty cell of its
 * own in its place or nothing at all (measured: poi/Bug54771a.docx, Bug54849.docx,
 * tika-3816.docx). The user cannot have edited or deleted their text, so the merge keeps it.
 */
export class Unseen {
  /** Starts of the paragraphs the editor shows, and of those it does not, in document order. */
  private readonly shown: number[] = [];
  private readonly hidden: number[] = [];

  constructor(paragraphs: readonly Block[]) {
    for (const p of paragraphs) (inWrappedRowOrCell(p) ? this.hidden : this.shown).push(p.start);
  }

  /** `b` is a paragraph, or holds some, and the editor shows none of them. */
  all(b: Block): boolean {
    return (b.hasParagraphs || (b.local === 'p' && b.w)) && !within(this.shown, b);
  }

  /** `b` holds a paragraph the editor does not show. */
  any(b: Block): boolean {
    return within(this.hidden, b);
  }
}

/** Some offset of a sorted list falls inside the block. */
function within(starts: readonly number[], b: Block): boolean {
  const k = firstAtOrAfter(starts, b.start);
  return k < starts.length && starts[k]! < b.end;
}

/** The paragraphs of a part (in document order) that are inside a block. */
export function paragraphsIn(paragraphs: readonly Block[], b: Block): readonly Block[] {
  const from = firstAtOrAfter(paragraphs, b.start);
  let to = from;
  while (to < paragraphs.length && paragraphs[to]!.start < b.end) to++;
  return paragraphs.slice(from, to);
}

/** Index of the first item at or after `offset` in a list in document order (blocks, or their starts). */
function firstAtOrAfter(items: readonly (Block | number)[], offset: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const item = items[mid]!;
    if ((typeof item === 'number' ? item : item.start) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The paragraph is in a row or cell that a content control or custom XML wraps. */
function inWrappedRowOrCell(p: Block): boolean {
  for (let b = p.parent; b?.parent; b = b.parent) {
    if (b.w && (b.local === 'tr' || b.local === 'tc') && !isStructural(b.parent)) return true;
  }
  return false;
}

/** What the editor did to the tables on its own, told from what the user did to them. */
class Shapes {
  readonly standIns = new Map<Block, Block | undefined>();

  constructor(
    private readonly base: StoryTree,
    private readonly edited: StoryTree,
    private readonly pairs: ParagraphPairs,
    private readonly b2e: ReadonlyMap<Block, Block>,
    private readonly e2b: ReadonlyMap<Block, Block>,
    private readonly unseen: Unseen,
  ) {}

  /**
   * The editor's empty containers among the children of a paired pair. A table or row stands in
   * for an unpaired base one of its kind whose text the editor did not show, found between the
   * same paired neighbours; a cell fills a grid column its row left empty (w:gridBefore,
   * w:gridAfter, or a cell the editor dropped). Anything else new is the user's.
   */
  findStandIns(x: Block, y: Block): void {
    const xs = flatChildren(x);
    const at = new Map(xs.map((c, k) => [c, k]));
    const anchor = (c: Block) => (c.local === 'p' ? this.pairs.baseToEdited[c.index]! >= 0 : this.b2e.has(c));
    let from = 0; // base children before this are behind the last paired one
    let fill = y.local === 'tr' && x.local === 'tr' ? this.emptyColumns(x) : 0;
    for (const c of flatChildren(y)) {
      const partner = c.local === 'p' ? this.base.paragraphs[this.pairs.editedToBase[c.index]!] : this.e2b.get(c);
      const k = partner === undefined ? undefined : at.get(partner);
      if (k !== undefined) {
        from = Math.max(from, k + 1);
        continue;
      }
      if (c.local === 'p' || partner !== undefined || !this.empty(c)) continue;
      if (c.local === 'tc') {
        if (fill <= 0) continue;
        fill -= span(c);
        this.standIns.set(c, undefined);
        continue;
      }
      for (let n = from; n < xs.length && !anchor(xs[n]!); n++) {
        const b = xs[n]!;
        if (b.local === c.local && this.unseen.all(b)) {
          this.standIns.set(c, b);
          from = n + 1;
          break;
        }
      }
    }
  }

  /** Grid columns of a base row that no cell the editor shows covers. */
  private emptyColumns(row: Block): number {
    const grid = structuralParent(row).children.find((c) => c.w && c.local === 'tblGrid');
    let n = grid ? grid.children.filter((c) => c.w && c.local === 'gridCol').length : 0;
    for (const c of flatChildren(row)) if (c.local === 'tc' && !this.unseen.all(c)) n -= span(c);
    return n;
  }

  /** An edited container whose paragraphs are all new and hold nothing but their properties. */
  private empty(c: Block): boolean {
    const inside = paragraphsIn(this.edited.paragraphs, c);
    return inside.length > 0 && inside.every((p) => this.pairs.editedToBase[p.index]! < 0 && emptyParagraph(this.edited.xml, p));
  }

  /**
   * The user changed the table's rows or cells: a base one gone that the editor showed, or a new
   * one that is not the editor's own, or paired ones out of order.
   */
  same(x: Block, y: Block): boolean {
    const rows = (t: Block) => flatChildren(t).filter((c) => c.local === 'tr');
    const cells = (r: Block) => flatChildren(r).filter((c) => c.local === 'tc');
    if (!this.sameChildren(rows(x), rows(y))) return false;
    return rows(x).every((r) => {
      const s = this.b2e.get(r);
      return s === undefined || this.sameChildren(cells(r), cells(s));
    });
  }

  private sameChildren(xs: readonly Block[], ys: readonly Block[]): boolean {
    const at = new Map(ys.map((c, k) => [c, k]));
    let last = -1;
    for (const b of xs) {
      const e = this.b2e.get(b);
      if (e === undefined) {
        if (!this.unseen.all(b)) return false;
        continue;
      }
      const k = at.get(e);
      if (k === undefined || k < last) return false;
      last = k;
    }
    return ys.every((e) => this.e2b.has(e) || this.standIns.has(e));
  }
}

/** Grid columns a cell spans. */
function span(tc: Block): number {
  const gridSpan = tc.children.find((c) => c.w && c.local === 'tcPr')?.children.find((c) => c.w && c.local === 'gridSpan');
  const n = Number(gridSpan?.attrs.find((a) => a.local === 'val')?.value ?? 1);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** A paragraph with no text and nothing but its properties: no run, no mark, no picture. */
function emptyParagraph(xml: string, p: Block): boolean {
  if (p.text !== '' || p.nestedText !== '') return false;
  let inner = xml.slice(p.openEnd, p.end);
  // A self-closing w:pPr, or one up to its first end tag (a w:pPrChange inside makes it not empty).
  const pPr = /^<([\w.-]+:)?pPr\b(?:[^>]*\/>|[\s\S]*?<\/([\w.-]+:)?pPr>)/.exec(inner);
  if (pPr) inner = inner.slice(pPr[0].length);
  return inner === '' || /^<\/[^>]+>$/.test(inner);
}

/** Ids of the comments a part marks (start, end or reference), from its text. */
export function commentIdsOf(xml: string): Set<string> {
  const ids = new Set<string>();
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?comment(?:RangeStart|RangeEnd|Reference)\b[^>]*?\s(?:[\w.-]+:)?id\s*=\s*["']([^"']*)["']/g)) ids.add(m[1]!);
  return ids;
}

/** Where a new first child goes: before the first block, else before the final section properties or the end tag. */
export function contentStart(xml: string, b: Block): number {
  for (const c of b.children) if (c.hasParagraphs || (c.local === 'p' && c.w)) return c.start;
  const sectPr = b.children.find((c) => c.w && c.local === 'sectPr');
  if (sectPr) return sectPr.start;
  if (b.openEnd === b.end) throw new Error(`<${b.qname}/> has no room for content`);
  return xml.lastIndexOf('<', b.end - 1);
}

/**
 * Paragraphs' places in their tables, in the terms table styles use (first/last row and column,
 * banding; '' outside tables), with each table's rows and each row's cells listed once.
 */
export class Places {
  private readonly lists = new Map<Block, Map<Block, number>>();

  of(p: Block): string {
    const cell = structuralParent(p);
    if (cell.local !== 'tc') return '';
    const row = structuralParent(cell);
    const table = structuralParent(row);
    const rows = this.list(table, 'tr');
    const cells = this.list(row, 'tc');
    const r = rows.get(row) ?? -1;
    const c = cells.get(cell) ?? -1;
    const tblStyle = table.children.find((x) => x.local === 'tblPr')?.children.find((x) => x.local === 'tblStyle');
    const style = tblStyle?.attrs.find((a) => a.local === 'val')?.value ?? '';
    return `${style}:r${r === 0 ? 'F' : r === rows.size - 1 ? 'L' : r % 2}c${c === 0 ? 'F' : c === cells.size - 1 ? 'L' : c % 2}`;
  }

  /** The children of `parent` named `local`, each with its position. */
  private list(parent: Block, local: string): Map<Block, number> {
    let l = this.lists.get(parent);
    if (!l) this.lists.set(parent, (l = new Map(flatChildren(parent).filter((c) => c.local === local).map((c, i) => [c, i]))));
    return l;
  }
}

/** The first paraId in the block or under it, in document order. */
export function firstParaId(b: Block): string | undefined {
  const stack = [b];
  for (let c = stack.pop(); c; c = stack.pop()) {
    if (c.paraId !== undefined) return c.paraId;
    stack.push(...reversedChildren(c));
  }
  return undefined;
}
