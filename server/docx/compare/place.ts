import { attr } from '../merge/paragraph';
import type { Block } from '../merge/tree';
import type { PartAnalysis } from './analyse';

/**
 * Where in b's part a paragraph of a goes back (a deleted one, or the old place of a moved one):
 * beside its nearest neighbour in a that kept its place, the one before it or else the one after.
 * Its container (body, cell, content control, note) is found in b by following the same path
 * from the container it shares with that neighbour: the same cell of the same row, matched by
 * position where the rows and cells still number the same, and notes and comments by id. Where
 * the path is gone (its table deleted), it goes next to the block that holds the neighbour, in
 * the nearest container (after the table). A paragraph whose note or comment b no longer has
 * has no such container: it is not put back (undefined).
 */

const CONTAINERS = new Set(['body', 'tc', 'sdtContent', 'hdr', 'ftr', 'footnote', 'endnote', 'comment', 'txbxContent', 'customXml']);
const isContainer = (b: Block) => b.w && CONTAINERS.has(b.local);

export function placer(part: PartAnalysis): (i: number) => number | undefined {
  const pa = part.a!.tree.paragraphs;
  const pb = part.b!.tree.paragraphs;
  const { aToB, inPlace } = part.pairing!;
  const prev = new Int32Array(pa.length);
  const next = new Int32Array(pa.length);
  for (let i = 0, last = -1; i < pa.length; i++) {
    prev[i] = last;
    if (inPlace[i]) last = i;
  }
  for (let i = pa.length - 1, last = -1; i >= 0; i--) {
    next[i] = last;
    if (inPlace[i]) last = i;
  }
  const xml = part.b!.xml;
  const root = part.b!.tree.root;
  const body = root.local === 'document' ? root.children.find((c) => c.w && c.local === 'body') : isContainer(root) ? root : undefined;
  return (i) => {
    const d = pa[i]!;
    const v = prev[i]!;
    const n = next[i]!;
    const after = v >= 0 ? near(xml, d, pa[v]!, pb[aToB[v]!]!, true) : undefined;
    if (after?.exact) return after.at;
    const before = n >= 0 ? near(xml, d, pa[n]!, pb[aToB[n]!]!, false) : undefined;
    if (before?.exact) return before.at;
    if (after || before) return (after ?? before)!.at;
    return v < 0 && n < 0 && body ? contentStart(xml, body) : undefined;
  };
}

/**
 * `d`'s place in b next to `p` (a's neighbour), whose partner in b is `q`: exact when d's
 * container was found in b, or d shares it with p.
 */
function near(xml: string, d: Block, p: Block, q: Block, after: boolean): { at: number; exact: boolean } | undefined {
  const aboveP = new Set<Block>();
  for (let x = p.parent; x; x = x.parent) aboveP.add(x);
  // d's containers up to the first that also holds p, and that one's counterpart above q.
  const path: Block[] = [];
  let shared = d.parent;
  while (shared && !aboveP.has(shared)) {
    path.push(shared);
    shared = shared.parent;
  }
  if (!shared) return undefined;
  let there: Block | undefined = q;
  for (let x: Block | undefined = p; x && x !== shared; x = x.parent) there = there?.parent;
  if (!there || there.local !== shared.local) return undefined;

  if (path.length > 0) {
    let target: Block | undefined = there;
    for (let k = path.length - 1; k >= 0 && target; k--) target = counterpart(path[k]!, target);
    const at = target && isContainer(target) ? contentStart(xml, target) : undefined;
    if (at !== undefined) return { at, exact: true };
  }
  // Beside the block holding q, in the nearest container.
  let level: Block | undefined = there;
  while (level && !isContainer(level)) level = level.parent;
  if (!level) return undefined;
  let branch: Block = q;
  while (branch.parent && branch.parent !== level) branch = branch.parent;
  return { at: after ? branch.end : branch.start, exact: path.length === 0 && level === there };
}

/** The child of `parent` in b that `child` (of a) corresponds to: same w:id, or same position among as many. */
function counterpart(child: Block, parent: Block): Block | undefined {
  const id = attr(child.attrs, 'id');
  const kin = kinOf(parent, child.local);
  if (id !== undefined) return kin.find((c) => attr(c.attrs, 'id') === id);
  const mine = kinOf(child.parent!, child.local);
  return mine.length === kin.length ? kin[mine.indexOf(child)] : undefined;
}

/** A block's children named `local`, listed once per block: a body may hold thousands. */
const kinCache = new WeakMap<Block, Map<string, Block[]>>();
function kinOf(parent: Block, local: string): Block[] {
  let byName = kinCache.get(parent);
  if (!byName) kinCache.set(parent, (byName = new Map()));
  let kin = byName.get(local);
  if (!kin) byName.set(local, (kin = parent.children.filter((c) => c.local === local)));
  return kin;
}

/** Before the container's first block that holds text, else before its end tag; none if it has no end tag. */
function contentStart(xml: string, c: Block): number | undefined {
  const first = c.children.find((x) => x.local === 'p' || x.hasParagraphs);
  if (first) return first.start;
  return c.end > c.openEnd ? xml.lastIndexOf('</', c.end - 1) : undefined;
}
