import type { ThreeWayConflict } from './three-way';
import { StoryApply, type StoryResult } from './three-way-apply';
import { type Span, type StoryIndex, indexStory, paragraphsIn, skeleton, tableShape } from './three-way-index';
import type { Block } from './tree';

/**
 * One story part of a stale save, merged three ways (three-way.ts): my changes base -> mine,
 * found by paraId, replayed onto theirs. Paragraphs are the unit, except a table whose rows,
 * cells or properties I changed, which moves whole. Anything else I changed outside paragraphs
 * (a section, a content control, a paragraph moved) cannot be replayed by id, so the part is a
 * conflict rather than a guess.
 */


/** Tables moved whole: what each stands for on the other side. */
export interface Units {
  /** Mine's tables whose structure changed: the base table each replaces, undefined for a new one. */
  readonly mine: ReadonlyMap<Block, Block | undefined>;
  /** Base's tables that are replaced or deleted whole: mine's table for each, undefined if deleted. */
  readonly base: ReadonlyMap<Block, Block | undefined>;
}

/** Throws XmlError if a part is not well-formed; the caller turns that into a conflict. */
export function mergeStory(part: string, baseXml: string, mineXml: string, theirsXml: string): StoryResult {
  const b = indexStory(baseXml);
  const m = indexStory(mineXml);
  const t = indexStory(theirsXml);
  const unpaired = b.unpaired ?? m.unpaired ?? t.unpaired;
  if (unpaired !== undefined) return partConflict(part, `paragraphs cannot be paired: ${unpaired}`);
  const units = matchTables(b, m);
  if (typeof units === 'string') return partConflict(part, units);
  const moved = structureChange(b, m, units);
  if (moved !== undefined) return partConflict(part, moved);
  return new StoryApply(part, b, m, t, units).run();
}

export function partConflict(part: string, reason: string): StoryResult {
  const conflict: ThreeWayConflict = { part, paraId: undefined, base: '', mine: '', theirs: '', reason };
  // No side of mine is safe for a part that cannot be merged: keeping mine's whole would drop theirs' changes in it.
  return { xml: undefined, conflicts: [conflict], applied: 0, relIds: new Set(), mineWins: undefined };
}

/**
 * Pairs mine's outermost tables with base's by the paragraphs they share. A table that shares
 * none is new; one whose shape (everything but its paragraphs) changed moves whole.
 */
function matchTables(b: StoryIndex, m: StoryIndex): Units | string {
  const matchOf = new Map<Block, Block>();
  const taken = new Set<Block>();
  for (const mt of m.tables) {
    let match: Block | undefined;
    for (const p of paragraphsIn(m, mt)) {
      const q = b.byId.get(p.paraId!);
      const bt = q && b.tableOf.get(q);
      if (!bt) continue;
      if (match && match !== bt) return 'this save joined two tables into one';
      match = bt;
    }
    if (!match) continue;
    if (taken.has(match)) return 'this save split a table in two';
    taken.add(match);
    matchOf.set(mt, match);
  }
  const mine = new Map<Block, Block | undefined>();
  const base = new Map<Block, Block | undefined>();
  for (const mt of m.tables) {
    const bt = matchOf.get(mt);
    if (bt && tableShape(m, mt) === tableShape(b, bt)) continue;
    mine.set(mt, bt);
    if (bt) base.set(bt, mt);
  }
  for (const bt of b.tables) if (!taken.has(bt)) base.set(bt, undefined);
  return { mine, base };
}

/**
 * Whether base and mine differ anywhere but in paragraphs changed, inserted or deleted and
 * tables moved whole: the rest of each part, with the paragraphs both have as markers (so a
 * moved paragraph shows), must be the same.
 */
function structureChange(b: StoryIndex, m: StoryIndex, units: Units): string | undefined {
  const NEW = {};
  const baseUnit = (p: Block): object | undefined => {
    const bt = b.tableOf.get(p);
    return bt && units.base.has(bt) ? bt : undefined;
  };
  const mineUnit = (p: Block): object | undefined => {
    const mt = m.tableOf.get(p);
    return mt && units.mine.has(mt) ? (units.mine.get(mt) ?? NEW) : undefined;
  };
  for (const [id, p] of m.byId) {
    const q = b.byId.get(id);
    if (q && baseUnit(q) !== mineUnit(p)) return 'this save moved a paragraph into or out of a table';
  }
  const rest = (ix: StoryIndex, tables: ReadonlyMap<Block, Block | undefined>, tableToken: (t: Block) => string) => {
    const spans: Span[] = [];
    for (const p of ix.tree.paragraphs) {
      const t = ix.tableOf.get(p);
      if (t && tables.has(t)) {
        if (spans[spans.length - 1]?.start !== t.start) spans.push({ start: t.start, end: t.end, token: tableToken(t) });
        continue;
      }
      const id = p.paraId!;
      spans.push({ start: p.start, end: p.end, token: b.byId.has(id) && m.byId.has(id) ? `<\u00b6${id}/>` : '' });
    }
    return skeleton(ix.tree.xml, 0, ix.tree.xml.length, spans);
  };
  const tableToken = (bt: Block | undefined) => (bt ? `<\u00b6T${bt.start}/>` : '');
  const before = rest(b, units.base, (bt) => tableToken(units.base.get(bt) && bt));
  const after = rest(m, units.mine, (mt) => tableToken(units.mine.get(mt)));
  if (before === after) return undefined;
  return 'this save changed something outside its paragraphs and tables (a section, a content control, a footnote or comment added or removed) or moved a paragraph';
}
