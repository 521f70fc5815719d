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
 *
 * With conflicts it also writes the "mine wins" copy of the part (three-way.ts): the same edits
 * and my side of each conflict: my paragraph or table over theirs, mine deleted where they
 * changed it, and mine put back beside its neighbour where they deleted what I changed.
 */

export interface StoryResult {
  /** Theirs' part text with my changes; undefined when there is nothing to write, or a conflict. */
  readonly xml: string | undefined;
  readonly conflicts: readonly ThreeWayConflict[];
  /** Paragraphs (a table moved whole counts once) written into theirs. */
  readonly applied: number;
  /** Relationship ids the moved XML uses: the merged package must define each for this part. */
  readonly relIds: ReadonlySet<string>;
  /**
   * Only with conflicts: theirs' part text with my changes and my side of every conflict, or
   * undefined when some conflict has no side of mine that is safe to write (then no part does).
   */
  readonly mineWins: string | undefined;
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

/** My side of a conflict: an edit of theirs, mine put back beside its neighbour, or none that is safe. */
type MySide = Edit | 'put back' | undefined;

export class StoryApply {
  private readonly edits: Edit[] = [];
  private readonly conflicts: ThreeWayConflict[] = [];
  /** My side of each conflict, for the "mine wins" copy; `unresolved` when one has none. */
  private readonly mySides: Edit[] = [];
  /** Mine's units theirs deleted but I changed: in the "mine wins" copy they go back. */
  private readonly putBack: Block[] = [];
  private unresolved = false;
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
    for (const u of [...inserted, ...this.putBack]) this.pending.add(u);
    for (const u of inserted) this.insert(u);
    for (const u of this.putBack) this.restore(u);
    return this.finish();
  }

  private change(mine: Block, base: Block): void {
    const mx = xmlOf(this.m, mine);
    const bx = xmlOf(this.b, base);
    if (mx === bx) return;
    const theirs = this.counterpart(this.b, base);
    if (theirs === null) return this.conflict(base, mine, undefined, 'the latest version deleted what this save changed', 'put back');
    if (theirs === 'conflict') return this.conflict(base, mine, undefined, 'the latest version moved what this save changed', undefined);
    const tx = xmlOf(this.t, theirs);
    if (tx === mx) return;
    const edit = { start: theirs.start, end: theirs.end, text: this.adopt(mx), order: mine.start };
    if (tx !== bx) return this.conflict(base, mine, theirs, 'this save and the latest version changed it differently', edit);
    this.edits.push(edit);
  }

  private remove(base: Block): void {
    const theirs = this.counterpart(this.b, base);
    if (theirs === null) return; // deleted there too
    if (theirs === 'conflict') return this.conflict(base, undefined, undefined, 'the latest version moved what this save deleted', undefined);
    const edit = { start: theirs.start, end: theirs.end, text: '', order: Number.MAX_SAFE_INTEGER };
    if (xmlOf(this.t, theirs) !== xmlOf(this.b, base)) return this.conflict(base, undefined, theirs, 'the latest version changed what this save deleted', edit);
    this.edits.push(edit);
  }

  /** Whether theirs lacks a unit mine added; one added by both, the same, goes in once. */
  private isNew(mine: Block): boolean {
    const theirs = this.counterpart(this.m, mine);
    if (theirs === null) return true;
    const reason = 'this save and the latest version added paragraphs with the same id, differently';
    if (theirs === 'conflict') this.conflict(undefined, mine, undefined, reason, undefined);
    else if (xmlOf(this.t, theirs) !== xmlOf(this.m, mine)) {
      this.conflict(undefined, mine, theirs, reason, { start: theirs.start, end: theirs.end, text: this.adopt(xmlOf(this.m, mine)), order: mine.start });
    }
    return false;
  }

  private insert(mine: Block): void {
    const at = this.place(mine);
    if (at === null) return this.conflict(undefined, mine, undefined, 'nothing the latest version still has is left beside where this save inserted it', undefined);
    if (at === 'conflict') return this.conflict(undefined, mine, undefined, 'the latest version moved what this save inserted next to', undefined);
    this.edits.push({ start: at, end: at, text: this.adopt(xmlOf(this.m, mine)), order: mine.start });
  }

  /** My side of "they deleted what I changed", placed as an insertion is; none if it has no place. */
  private restore(mine: Block): void {
    const at = this.place(mine);
    if (at === null || at === 'conflict') this.unresolved = true;
    else this.mySides.push({ start: at, end: at, text: this.adopt(xmlOf(this.m, mine)), order: mine.start });
  }

  /** Where in theirs a unit theirs lacks goes: after the sibling before it that theirs has, else before the one after. */
  private place(mine: Block): number | null | 'conflict' {
    const kids = mine.parent!.children;
    const i = this.position(mine);
    const before = this.walk(kids, i, -1, this.before);
    const after = before === null ? this.walk(kids, i, 1, this.after) : null;
    const anchor = before ?? after;
    if (anchor === null || anchor === 'conflict') return anchor;
    return before === null ? anchor.start : anchor.end;
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

  private conflict(base: Block | undefined, mine: Block | undefined, theirs: Block | undefined, reason: string, mySide: MySide): void {
    if (mySide === undefined) this.unresolved = true;
    else if (mySide === 'put back') this.putBack.push(mine!);
    else this.mySides.push(mySide);
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
    const none = { xml: undefined, applied: 0, relIds: this.relIds, mineWins: undefined };
    if (this.conflicts.length > 0) {
      const mineWins = this.unresolved ? undefined : this.splice([...this.edits, ...this.mySides]);
      return { ...none, conflicts: this.conflicts, mineWins: typeof mineWins === 'string' ? mineWins : undefined };
    }
    if (this.edits.length === 0) return { ...none, conflicts: [] };
    const merged = this.splice(this.edits);
    if (typeof merged !== 'string') return { ...none, conflicts: [this.partConflict(merged.problem)] };
    return { xml: merged, conflicts: [], applied: this.edits.length, relIds: this.relIds, mineWins: undefined };
  }

  /** Theirs' text with the edits made, checked whole; or why it cannot be. */
  private splice(edits: Edit[]): string | { problem: string } {
    // Insertions at a place go before a replacement starting there, and keep mine's order.
    edits.sort((x, y) => x.start - y.start || x.end - x.start - (y.end - y.start) || x.order - y.order);
    const xml = this.t.tree.xml;
    const out: string[] = [];
    let at = 0;
    for (const e of edits) {
      if (e.start < at) return { problem: 'two changes would overlap in the latest version' };
      out.push(xml.slice(at, e.start), e.text);
      at = e.end;
    }
    out.push(xml.slice(at));
    const merged = out.join('');
    // Checked again whole: a well-formed part, ids still unique, no cell left without a paragraph.
    let invalid: string | undefined;
    try {
      const check = indexStory(merged);
      invalid = check.unpaired ?? (hasEmptyCell(check.tree) ? 'a table cell would be left without a paragraph' : undefined);
    } catch (e) {
      invalid = e instanceof Error ? e.message : String(e);
    }
    return invalid === undefined ? merged : { problem: `the merged part would not be valid: ${invalid}` };
  }

  private partConflict(reason: string): ThreeWayConflict {
    return { part: this.part, paraId: undefined, base: '', mine: '', theirs: '', reason };
  }
}
