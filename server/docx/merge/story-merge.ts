import { type ParagraphPairs, alignParagraphs } from './align';
import { hidden } from './char-align';
import { type DiffBudget, DiffBudgetExceeded } from './diff';
import type { Calibration } from './formatting';
import { type RelationshipMap, adoptFragment } from './fragment';
import { type ParagraphModel, declarationsAt, readParagraph } from './paragraph';
import { readParagraphs } from './read-many';
import { type MergeContext, type Pair, type ParagraphResult, learn, mergeParagraph, movedPicturesArrived, pairOf } from './paragraph-merge';
import { type MergeFallback, type ParagraphChange, type ParagraphCounts, emptyCounts } from './report';
import {
  type ContainerPairs,
  Places,
  type Splice,
  commentIdsOf,
  containersOf,
  contentStart,
  deletable,
  firstParaId,
  flatChildren,
  isStructural,
  paragraphsIn,
  reversedChildren,
  structuralParent,
} from './structure';
import { type Block, type StoryTree, readTree, textBoxMoves } from './tree';

/**
 * Merges one part that holds paragraphs (the body, a header, the footnotes...). The base part's
 * text is the output, with splices: changed paragraphs replaced, deleted ones cut, the editor's
 * new ones inserted after the paragraph (or table) they follow. Blocks are paired through their
 * paragraphs; a table whose rows or cells the user changed is rebuilt from the editor's table
 * with every paragraph the merge knows substituted in. What the editor changes in a table by
 * itself (cells and rows in content controls it cannot show, empty cells it adds) is not the
 * user's: the base's table stays, and only its paragraphs are merged (structure.ts).
 */

export interface StoryContext extends Omit<MergeContext, 'commentIds'> {
  readonly part: string;
  readonly mapRelationship: RelationshipMap;
  /** Word comparison work left for the whole save, shared by all its parts (merge.ts). */
  readonly diffBudget: DiffBudget;
}

export interface StoryOutcome {
  /** The merged part text, or undefined when the base part stands as it was. */
  readonly xml: string | undefined;
  readonly counts: ParagraphCounts;
  readonly changes: ParagraphChange[];
  readonly fallbacks: MergeFallback[];
}

export class StoryMerge {
  private readonly pairs: ParagraphPairs;
  private readonly details = new Map<number, Pair | string>(); // base index -> parsed pair, or why not
  private readonly results = new Map<number, ParagraphResult>();
  private readonly changes: ParagraphChange[] = [];
  private readonly fallbacks: MergeFallback[] = [];
  private readonly splices: Splice[] = [];
  private readonly cutParagraphs = new Set<Block>();
  private readonly ignored = new Set<Block>();
  /** Text-box anchors the editor dropped and whose boxes it wrote into the next paragraph: kept. */
  private readonly movedAnchors = new Set<Block>();
  private readonly baseParents: Map<Block, Block>;
  private readonly editedParents: Map<Block, Block>;

  private readonly ctx: StoryContext & MergeContext;
  private commentIdsInBase: Set<string> | undefined;
  private readonly inComments: boolean;

  /** `models`: every paragraph of both parts already read, when the editor rewrote the part whole. */
  constructor(
    private readonly base: StoryTree,
    private readonly edited: StoryTree,
    ctx: StoryContext,
    private readonly models?: { readonly base: ReadonlyMap<Block, ParagraphModel>; readonly edited: ReadonlyMap<Block, ParagraphModel> },
  ) {
    this.ctx = { ...ctx, commentIds: () => (this.commentIdsInBase ??= commentIdsOf(base.xml)) };
    this.inComments = base.root.local === 'comments';
    this.pairs = alignParagraphs(base.paragraphs, edited.paragraphs);
    this.baseParents = new Map(base.paragraphs.map((p) => [p, structuralParent(p)]));
    this.editedParents = new Map(edited.paragraphs.map((p) => [p, structuralParent(p)]));
  }

  /** First pass: parse every paired paragraph whose XML differs and learn the editor's habits. */
  prepare(calibration: Calibration): void {
    const { base, edited, pairs } = this;
    const differing: [number, Block, Block][] = [];
    base.paragraphs.forEach((b, i) => {
      const j = pairs.baseToEdited[i]!;
      if (j < 0) return;
      const e = edited.paragraphs[j]!;
      if (base.xml.slice(b.start, b.end) !== edited.xml.slice(e.start, e.end)) differing.push([i, b, e]);
    });
    // A save that rewrote the whole part (the editor's full repack) is read in one pass per side.
    let baseModels = this.models?.base;
    let editedModels = this.models?.edited;
    if (!baseModels && differing.length > WHOLE_PART_READ) {
      baseModels = readParagraphs(base.xml, differing.map((d) => d[1]));
      editedModels = readParagraphs(edited.xml, differing.map((d) => d[2]));
    }
    const places = new Places();
    const moves = textBoxMoves(base.paragraphs, (b) => pairs.baseToEdited[b.index]! >= 0);
    for (const [i, b, e] of differing) {
      try {
        const bm = baseModels?.get(b) ?? readParagraph(base.xml, b);
        const em = editedModels?.get(e) ?? readParagraph(edited.xml, e);
        const anchors = moves.get(b) ?? [];
        const moved = anchors.reduce((n, a) => n + a.textBoxes, 0);
        const pair = pairOf(base.xml, bm, edited.xml, em, places.of(b), this.inComments, moved, this.ctx.diffBudget);
        if (movedPicturesArrived(pair)) for (const a of anchors) this.movedAnchors.add(a);
        learn(pair, calibration);
        this.details.set(i, pair);
      } catch (err) {
        this.details.set(i, unreadReason(err));
      }
    }
  }

  finish(): StoryOutcome {
    const { base } = this;
    this.mergeChildren(base.root, this.edited.root, containersOf(base, this.edited, this.pairs));
    if (this.splices.length === 0) return this.outcome(undefined);
    this.splices.sort((a, b) => a.start - b.start || a.end - b.end || a.order - b.order);
    let out = '';
    let at = 0;
    for (const s of this.splices) {
      if (s.start < at) continue; // inside a block already cut
      out += base.xml.slice(at, s.start) + s.text;
      at = s.end;
    }
    return this.outcome(out + base.xml.slice(at));
  }

  private outcome(xml: string | undefined): StoryOutcome {
    const counts = emptyCounts();
    counts.base = this.base.paragraphs.length;
    counts.edited = this.edited.paragraphs.length;
    const part = this.ctx.part;
    this.edited.paragraphs.forEach((e, j) => {
      const i = this.pairs.editedToBase[j]!;
      if (i < 0) {
        const ignored = this.ignored.has(e);
        if (!ignored) counts.inserted++;
        this.changes.push({ part, kind: ignored ? 'ignored' : 'inserted', paraId: e.paraId });
        return;
      }
      const r = this.result(i);
      if (r.kind === 'same') counts.untouched++;
      else {
        counts[r.kind === 'merged' ? 'merged' : 'fallback']++;
        this.changes.push({ part, kind: 'edited', paraId: this.base.paragraphs[i]!.paraId });
      }
    });
    for (const p of this.cutParagraphs) {
      if (this.pairs.baseToEdited[p.index]! >= 0) continue; // moved, not deleted
      counts.deleted++;
      this.changes.push({ part, kind: 'deleted', paraId: p.paraId });
    }
    return { xml, counts, changes: this.changes, fallbacks: this.fallbacks };
  }

  private splice(start: number, end: number, text: string): void {
    this.splices.push({ start, end, text, order: this.splices.length });
  }

  /**
   * Merges the children of a paired container in place. It recurses once per level of structural
   * containers (tables in cells in tables), never for content controls, which flatChildren looks
   * through; the scanner's MAX_XML_DEPTH bounds that, far below what the stack holds.
   */
  private mergeChildren(bc: Block, ec: Block, containers: ContainerPairs): void {
    const { base, pairs } = this;
    const kept = new Set<Block>();
    let cursor = contentStart(base.xml, bc);
    for (const child of flatChildren(ec)) {
      if (child.local === 'p' && child.w) {
        const i = pairs.editedToBase[child.index]!;
        const b = i >= 0 ? base.paragraphs[i]! : undefined;
        if (b && this.baseParents.get(b) === bc) {
          this.paragraphInPlace(i, b);
          kept.add(b);
          cursor = b.end;
        } else if (!b && this.bare(child)) {
          this.ignored.add(child);
        } else {
          this.splice(cursor, cursor, this.paragraphXml(child));
          if (b) this.changes.push({ part: this.ctx.part, kind: 'moved', paraId: child.paraId });
        }
        continue;
      }
      const cb = containers.editedToBase.get(child);
      if (containers.standIns.has(child)) {
        // The editor's own empty table, row or cell where the base has one it could not show.
        this.ignore(child);
        const standsFor = containers.standIns.get(child);
        if (standsFor) {
          kept.add(standsFor);
          cursor = standsFor.end;
        }
      } else if (cb && structuralParent(cb) === bc) {
        if (containers.reshaped.has(cb) && !containers.unseen.any(cb)) {
          this.splice(cb.start, cb.end, this.skeleton(child));
          for (const p of base.paragraphs) if (p.start >= cb.start && p.end <= cb.end && pairs.baseToEdited[p.index]! < 0) this.cutParagraphs.add(p);
          this.fallbacks.push({ part: this.ctx.part, scope: 'table', paraId: firstParaId(child), reason: 'the rows or cells of a table changed' });
        } else {
          // The editor's table would lose the cells it does not show: the base's is merged into instead.
          if (containers.reshaped.has(cb)) this.fallbacks.push({ part: this.ctx.part, scope: 'table', paraId: firstParaId(child), reason: RESHAPED_AROUND_UNSEEN });
          this.mergeChildren(cb, child, containers);
        }
        kept.add(cb);
        cursor = cb.end;
      } else {
        this.splice(cursor, cursor, this.skeleton(child));
      }
    }
    this.deleteRest(bc, kept, containers);
  }

  /** Every paragraph of an edited block is the editor's, not the user's: reported, not written. */
  private ignore(ec: Block): void {
    for (const p of paragraphsIn(this.edited.paragraphs, ec)) this.ignored.add(p);
  }

  /**
   * Cuts what the editor no longer has: paragraphs, and tables or content controls emptied; but
   * not what it never showed (rows and cells in content controls), which the user cannot have deleted.
   */
  private deleteRest(bc: Block, kept: ReadonlySet<Block>, containers: ContainerPairs): void {
    const isKept = (b: Block) => kept.has(b) || this.movedAnchors.has(b);
    // Content controls nest as deep as the scanner allows: both walks keep their own stack.
    const keptInside = (b: Block): boolean => {
      const stack = [b];
      for (let c = stack.pop(); c; c = stack.pop()) {
        if (isKept(c)) return true;
        stack.push(...c.children);
      }
      return false;
    };
    const stack = reversedChildren(bc);
    for (let child = stack.pop(); child; child = stack.pop()) {
      if (isKept(child) || !child.hasParagraphs && !(child.local === 'p' && child.index >= 0)) continue;
      if (containers.unseen.all(child)) continue;
      if (child.local === 'p' && child.w) {
        this.cut(child);
      } else if (isStructural(child)) {
        // A row or cell goes only from a table the user reshaped (the rest are all paired).
        if (deletable(child) || containers.reshaped.has(tableOf(child))) this.cutBlock(child);
      } else if (!keptInside(child)) {
        this.cutBlock(child); // a content control or custom XML left with nothing the editor kept
      } else {
        stack.push(...reversedChildren(child)); // looked through, in document order
      }
    }
  }

  private cut(p: Block): void {
    this.splice(p.start, p.end, '');
    this.cutParagraphs.add(p);
  }

  private cutBlock(b: Block): void {
    this.splice(b.start, b.end, '');
    for (const p of this.base.paragraphs) if (p.start >= b.start && p.end <= b.end) this.cutParagraphs.add(p);
  }

  private paragraphInPlace(i: number, b: Block): void {
    const result = this.result(i);
    if (result.kind === 'same') return;
    if (result.kind === 'merged') return this.splice(b.start, b.end, result.xml);
    this.fallbacks.push({ part: this.ctx.part, scope: 'paragraph', paraId: b.paraId, reason: result.reason });
    this.splice(b.start, b.end, this.adopt(this.edited.paragraphs[this.pairs.baseToEdited[i]!]!));
  }

  private result(i: number): ParagraphResult {
    let r = this.results.get(i);
    if (!r) {
      const detail = this.details.get(i);
      if (detail === undefined) r = { kind: 'same' };
      else if (typeof detail === 'string') r = { kind: 'fallback', reason: detail };
      else r = this.checked(mergeParagraph(detail, this.ctx, 'matched'), this.base.paragraphs[i]!, this.edited.paragraphs[this.pairs.baseToEdited[i]!]!);
      this.results.set(i, r);
    }
    return r;
  }

  /** The XML for an edited paragraph written somewhere new: merged if paired, else built from its donor. */
  private paragraphXml(e: Block): string {
    const i = this.pairs.editedToBase[e.index]!;
    if (i >= 0) {
      const r = this.result(i);
      if (r.kind === 'same') return this.base.xml.slice(this.base.paragraphs[i]!.start, this.base.paragraphs[i]!.end);
      if (r.kind === 'merged') return r.xml;
      return this.adopt(e);
    }
    const donor = this.donorFor(e);
    if (donor) {
      try {
        const [bm, em] = [readParagraph(this.base.xml, donor), readParagraph(this.edited.xml, e)];
        const pair = pairOf(this.base.xml, bm, this.edited.xml, em, new Places().of(donor), this.inComments, 0, this.ctx.diffBudget);
        const r = this.checked(mergeParagraph(pair, this.ctx, 'donor'), donor, e);
        if (r.kind === 'merged') return r.xml;
        if (r.kind === 'fallback') this.fallbacks.push({ part: this.ctx.part, scope: 'paragraph', paraId: e.paraId, reason: r.reason });
      } catch (err) {
        this.fallbacks.push({ part: this.ctx.part, scope: 'paragraph', paraId: e.paraId, reason: unreadReason(err) });
      }
    }
    return this.adopt(e);
  }

  /**
   * The merge's own guarantee, checked on its output: a well-formed paragraph, in the base's
   * namespaces, whose text is exactly the editor's. Anything else is a bug, and the editor's
   * paragraph is used instead.
   */
  private checked(r: ParagraphResult, place: Block, e: Block): ParagraphResult {
    if (r.kind !== 'merged') return r;
    try {
      const wrapped = `<x${declarationsAt(place)}>${r.xml}</x>`;
      const tree = readTree(wrapped);
      const p = tree.paragraphs[0];
      // Smart-tag text is kept from the base though the editor drops it (char-align.ts).
      const same = p && (e.nestedText === '' || p.nestedText === e.nestedText) && visibleText(readParagraph(wrapped, p), this.inComments) === visibleText(readParagraph(this.edited.xml, e), this.inComments);
      if (tree.paragraphs.length === 1 && same) return r;
      return { kind: 'fallback', reason: 'the merged paragraph did not read back as the editor\'s text (a merge bug)' };
    } catch (err) {
      return { kind: 'fallback', reason: `the merged paragraph was not well-formed (a merge bug: ${(err as Error).message})` };
    }
  }

  /**
   * A paragraph with nothing in it and no attribute but its ids: what the editor adds by itself
   * after a final content control, inside an empty one, or to an empty body. Nobody's words.
   */
  private bare(e: Block): boolean {
    const inner = this.edited.xml.slice(e.openEnd, e.end);
    const tag = this.edited.xml.slice(e.start, e.openEnd);
    return (inner === '' || /^<\/[^>]+>$/.test(inner)) && e.attrs.every((a) => a.local === 'paraId' || a.local === 'textId' || a.qname.startsWith('xmlns')) && !tag.includes('rsid');
  }

  /** The base paragraph a new one was split from or typed after: the nearest paired neighbour. */
  private donorFor(e: Block): Block | undefined {
    const parent = this.editedParents.get(e);
    const ps = this.edited.paragraphs;
    for (const step of [-1, 1]) {
      for (let k = e.index + step; k >= 0 && k < ps.length && this.editedParents.get(ps[k]!) === parent; k += step) {
        const i = this.pairs.editedToBase[ps[k]!.index]!;
        if (i >= 0) return this.base.paragraphs[i];
      }
    }
    return undefined;
  }

  /** An edited block as the editor wrote it, with every paragraph the merge knows substituted. */
  private skeleton(ec: Block): string {
    const { edited } = this;
    const inside = edited.paragraphs.filter((p) => p.start >= ec.start && p.end <= ec.end);
    let xml = '';
    let at = ec.start;
    inside.forEach((p, n) => {
      xml += `${edited.xml.slice(at, p.start)}<!--merge:${n}-->`;
      at = p.end;
    });
    xml += edited.xml.slice(at, ec.end);
    const adopted = adoptFragment(xml, declarationsAt(ec), this.base.rootDeclarations, this.ctx.mapRelationship);
    return adopted.replace(/<!--merge:(\d+)-->/g, (_, n: string) => this.paragraphXml(inside[Number(n)]!));
  }

  private adopt(e: Block): string {
    return adoptFragment(this.edited.xml.slice(e.start, e.end), declarationsAt(e), this.base.rootDeclarations, this.ctx.mapRelationship);
  }
}

const RESHAPED_AROUND_UNSEEN = "the rows or cells of a table changed, and it has cells the editor does not show: the base's table was kept, with the user's rows and cells added or cut";

/** The table a row or cell is in (the block itself otherwise). */
function tableOf(b: Block): Block {
  let t = b;
  while (t.local !== 'tbl' && t.parent) t = structuralParent(t);
  return t;
}

/**
 * Why a paragraph is taken whole from the editor. Past the save's comparison budget the rest of
 * the changed paragraphs are not compared word by word: their text is the editor's, as it would
 * be for a paragraph the merge is unsure of, and the save stays fast.
 */
function unreadReason(err: unknown): string {
  if (err instanceof DiffBudgetExceeded) return OVER_BUDGET_REASON;
  return `the paragraph could not be read (${(err as Error).message})`;
}

export const OVER_BUDGET_REASON = 'the save changed too much text to compare word by word; the editor\'s paragraph was kept whole';

/** More changed paragraphs than this in a part, and they are read in one pass over it. */
const WHOLE_PART_READ = 32;

/** The text a reader sees, less what the editor does not show (char-align.ts). */
function visibleText(p: ParagraphModel, inComment: boolean): string {
  let out = '';
  for (let i = 0; i < p.text.length; i++) {
    if (!hidden(p, i, inComment) && p.runs[p.charRun[i]!]!.items[p.charItem[i]!]!.local !== 'delText') out += p.text[i];
  }
  return out;
}
