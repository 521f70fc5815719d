import { adoptFragment } from './fragment';
import type { ThreeWayConflict } from './three-way';
import { type StoryIndex, hasEmptyCell, indexStory, paragraphsIn, textOf, xmlOf } from './three-way-index';
import type { Units } from './three-way-story';
import type { Block } from './tree';

/**
 * Replays my changes to one story part onto theirs, as splices into theirs' text so that every
 * byte of theirs I did not change stays: a paragraph (or table moved whole) I changed replaces
 * theirs where theirs still has the base's; one I deleted goes where theirs did not change it;
 * one I inserted goes next to the nearest neighbour it had in mine that theirs still has.
 */

export interface StoryResult {
  /** Theirs' part text with my changes; undefined when there is nothing to write, or a conflict. */
  readonly xml: string | undefined;
  readonly conflicts: readonly ThreeWayConflict[];
  /** Paragraphs (a table moved whole counts once) written into theirs. */
  readonly applied: number;
  /** Relationship ids the moved XML uses: the merged package must define each for this part. */
  readonly relIds: ReadonlySet<string>;
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Position in mine: insertions at one place keep mine's order. */
  readonly order: number;
}

/** A sibling of an insertion, seen from theirs: where it is, not there (walk on), or moved. */
type Anchor = Block | 'conflict' | null;

export class StoryApply {
  private readonly edits: Edit[] = [];
  private readonly conflicts: ThreeWayConflict[] = [];
  private readonly relIds = new Set<string>();
  /** Mine's units to insert: theirs does not have them, so they are no anchor for each other. */
  private readonly pending = new Set<Block>();
  private readonly counterparts = new Map<Block, Anchor>();
  private readonly positions = new Map<Block, number>();
  private readonly before = new Map<Block, Anchor>();
  private readonly after = new Map<Block, Anchor>();
  private readonly declarations: string;

  constructor(
    private readonly part: string,
    private readonly b: StoryIndex,
    private readonly m: StoryIndex,
    private readonly t: StoryIndex,
    private readonly units: Units,
  ) {
    this.declarations = [...m.tree.rootDeclarations].map(([p, uri]) => (p ? ` xmlns:${p}="${uri}"` : ` xmlns="${uri}"`)).join('');
  }

  run(): StoryResult {
    const inserted: Block[] = [];
    let last: Block | undefined;
    for (const p of this.m.tree.paragraphs) {
      const mt = this.m.tableOf.get(p);
      const unit = mt && this.units.mine.has(mt) ? mt : p;
      if (unit === last) continue;
      last = unit;
      const base = unit === p ? this.b.byId.get(p.paraId!) : this.units.mine.get(unit);
      if (base) this.change(unit, base);
      else if (this.isNew(unit)) inserted.push(unit);
    }
    for (const q of this.b.tree.paragraphs) {
      const bt = this.b.tableOf.get(q);
      if (!(bt && this.units.base.has(bt)) && !this.m.byId.has(q.paraId!)) this.remove(q);
    }
    for (const [bt, mt] of this.units.base) if (!mt) this.remove(bt);
    for (const u of inserted) this.pending.add(u);
    for (const u of inserted) this.insert(u);
    return this.finish();
  }

  private change(mine: Block, base: Block): void {
    const mx = xmlOf(this.m, mine);
    const bx = xmlOf(this.b, base);
    if (mx === bx) return;
    const theirs = this.counterpart(this.b, base);
    if (theirs === null) return this.conflict(base, mine, undefined, 'the latest version deleted what this save changed');
    if (theirs === 'conflict') return this.conflict(base, mine, undefined, 'the latest version moved what this save changed');
    const tx = xmlOf(this.t, theirs);
    if (tx === mx) return;
    if (tx !== bx) return this.conflict(base, mine, theirs, 'this save and the latest version changed it differently');
    this.edit(theirs.start, theirs.end, this.adopt(mx), mine.start);
  }

  private remove(base: Block): void {
    const theirs = this.counterpart(this.b, base);
    if (theirs === null) return; // deleted there too
    if (theirs === 'conflict') return this.conflict(base, undefined, undefined, 'the latest version moved what this save deleted');
    if (xmlOf(this.t, theirs) !== xmlOf(this.b, base)) return this.conflict(base, undefined, theirs, 'the latest version changed what this save deleted');
    this.edit(theirs.start, theirs.end, '', Number.MAX_SAFE_INTEGER);
  }

  /** Whether theirs lacks a unit mine added; one added by both, the same, goes in once. */
  private isNew(mine: Block): boolean {
    const theirs = this.counterpart(this.m, mine);
    if (theirs === null) return true;
    if (theirs === 'conflict' || xmlOf(this.t, theirs) !== xmlOf(this.m, mine)) {
      this.conflict(undefined, mine, theirs === 'conflict' ? undefined : theirs, 'this save and the latest version added paragraphs with the same id, differently');
    }
    return false;
  }

  private insert(mine: Block): void {
    const kids = mine.parent!.children;
    const i = this.position(mine);
    const before = this.walk(kids, i, -1, this.before);
    const after = before === null ? this.walk(kids, i, 1, this.after) : null;
    const anchor = before ?? after;
    if (anchor === null) return this.conflict(undefined, mine, undefined, 'nothing the latest version still has is left beside where this save inserted it');
    if (anchor === 'conflict') return this.conflict(undefined, mine, undefined, 'the latest version moved what this save inserted next to');
    const at = before === null ? anchor.start : anchor.end;
    this.edit(at, at, this.adopt(xmlOf(this.m, mine)), mine.start);
  }

  /**
   * The nearest sibling in direction `step` that theirs has, at the same nesting. Units waiting
   * to be inserted are passed over and remember the answer, so a run of them costs one walk.
   */
  private walk(kids: readonly Block[], i: number, step: 1 | -1, memo: Map<Block, Anchor>): Anchor {
    const passed: Block[] = [kids[i]!];
    let found: Anchor = null;
    for (let j = i + step; j >= 0 && j < kids.length; j += step) {
      const s = kids[j]!;
      const known = memo.get(s);
      if (known !== undefined) {
        found = known;
        break;
      }
      if (this.pending.has(s)) passed.push(s);
      else if (s.w && s.local === 'p' ? s.index >= 0 : s.hasParagraphs) {
        found = this.counterpart(this.m, s);
        if (found !== null) break;
      }
    }
    for (const s of passed) memo.set(s, found);
    return found;
  }

  /**
   * The block of theirs that stands for `block` of `ix`: reached from the first of its paragraphs
   * theirs has, at the same nesting; null if theirs has none of them, 'conflict' if moved.
   */
  private counterpart(ix: StoryIndex, block: Block): Anchor {
    const key = ix === this.m ? block : undefined; // mine's are asked for again by the walks
    const known = key && this.counterparts.get(key);
    if (known !== undefined) return known;
    let found: Anchor = null;
    for (const p of paragraphsIn(ix, block)) {
      const tp = this.t.byId.get(p.paraId!);
      if (!tp) continue;
      const path = ix.path(block);
      found = 'conflict';
      for (let a: Block | undefined = tp; a; a = a.parent) {
        if (a.local === block.local && this.t.path(a) === path) {
          found = a;
          break;
        }
      }
      break;
    }
    if (key) this.counterparts.set(key, found);
    return found;
  }

  private position(mine: Block): number {
    if (!this.positions.has(mine)) mine.parent!.children.forEach((c, k) => this.positions.set(c, k));
    return this.positions.get(mine)!;
  }

  private adopt(fragment: string): string {
    return adoptFragment(fragment, this.declarations, this.t.tree.rootDeclarations, (id) => {
      this.relIds.add(id);
      return id;
    });
  }

  private edit(start: number, end: number, text: string, order: number): void {
    this.edits.push({ start, end, text, order });
  }

  private conflict(base: Block | undefined, mine: Block | undefined, theirs: Block | undefined, reason: string): void {
    const [ix, block] = base ? [this.b, base] : mine ? [this.m, mine] : [this.t, theirs!];
    const paraId = block.local === 'p' ? block.paraId : paragraphsIn(ix, block)[0]?.paraId;
    this.conflicts.push({
      part: this.part,
      paraId,
      base: base ? textOf(this.b, base) : '',
      mine: mine ? textOf(this.m, mine) : '',
      theirs: theirs ? textOf(this.t, theirs) : '',
      reason,
    });
  }

  private finish(): StoryResult {
    const none = { xml: undefined, applied: 0, relIds: this.relIds };
    if (this.conflicts.length > 0 || this.edits.length === 0) return { ...none, conflicts: this.conflicts };
    // Insertions at a place go before a replacement starting there, and keep mine's order.
    this.edits.sort((x, y) => x.start - y.start || x.end - x.start - (y.end - y.start) || x.order - y.order);
    const xml = this.t.tree.xml;
    const out: string[] = [];
    let at = 0;
    for (const e of this.edits) {
      if (e.start < at) return { ...none, conflicts: [this.partConflict('two changes would overlap in the latest version')] };
      out.push(xml.slice(at, e.start), e.text);
      at = e.end;
    }
    out.push(xml.slice(at));
    const merged = out.join('');
    // Checked again whole: a well-formed part, ids still unique, no cell left without a paragraph.
    const check = indexStory(merged);
    const invalid = check.unpaired ?? (hasEmptyCell(check.tree) ? 'a table cell would be left without a paragraph' : undefined);
    if (invalid !== undefined) return { ...none, conflicts: [this.partConflict(`the merged part would not be valid: ${invalid}`)] };
    return { xml: merged, conflicts: [], applied: this.edits.length, relIds: this.relIds };
  }

  private partConflict(reason: string): ThreeWayConflict {
    return { part: this.part, paraId: undefined, base: '', mine: '', theirs: '', reason };
  }
}
