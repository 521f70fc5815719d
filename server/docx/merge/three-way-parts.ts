import { sameBytes } from '../bytes';
import { decodePart, encodePart } from '../package';
import { scanXml } from '../xml';
import { decodeXmlText } from '../xml-chars';
import type { ZipEntry } from '../zip-read';
import { startTagEnd } from './tree';

/**
 * The three-way rule for every part that is not merged paragraph by paragraph (styles,
 * numbering, settings, media, relationships, content types, properties): whichever side changed
 * it wins; both changing it the same way is no conflict. Relationships and content types are
 * lists, merged entry by entry, since both sides add pictures and links to the same ones.
 */

/** One side's copy of a part: its directory record, and its bytes, inflated only when compared. */
export interface PartCopy {
  readonly entry: ZipEntry;
  readonly bytes: () => Uint8Array;
}

export type PartDecision =
  | { readonly take: 'theirs' | 'mine' }
  | { readonly take: 'merged'; readonly bytes: Uint8Array }
  | {
      readonly take: 'conflict';
      readonly reasons: readonly string[];
      /**
       * Whether mine's copy may replace theirs' in the "mine wins" package (three-way.ts): only
       * for a part both changed. Not for one both added (theirs' document refers to theirs'), one
       * removed, or a list entry both set differently (theirs' paragraphs may use theirs').
       */
      readonly mineWins: boolean;
    };

const THEIRS: PartDecision = { take: 'theirs' };
const MINE: PartDecision = { take: 'mine' };

/** Same content (CRC and size first, so unequal media are never inflated); absent equals absent. */
export function sameCopy(a: PartCopy | undefined, b: PartCopy | undefined): boolean {
  if (!a || !b) return a === b;
  return a.entry.crc32 === b.entry.crc32 && a.entry.size === b.entry.size && sameBytes(a.bytes(), b.bytes());
}

export function decidePart(name: string, base?: PartCopy, mine?: PartCopy, theirs?: PartCopy): PartDecision {
  if (sameCopy(mine, base) || sameCopy(theirs, mine)) return THEIRS;
  const did = (side: PartCopy | undefined) => (!side ? 'removed' : base ? 'changed' : 'added');
  // A save merged into its base never drops a part (merge.ts writes every base entry), so a
  // missing one is something this merge does not understand.
  if (!mine) return { take: 'conflict', reasons: [`this save removed ${name}`], mineWins: false };
  const kind = KINDS.find((k) => k.part.test(name));
  if (kind && theirs) return mergeList(kind, name, base?.bytes(), mine.bytes(), theirs.bytes());
  if (sameCopy(theirs, base)) return MINE;
  // Both saves wrote their own times and counts there; the latest version's are the newer.
  if (/^docprops\/(core|app)\.xml$/i.test(name)) return THEIRS;
  return { take: 'conflict', reasons: [`this save ${did(mine)} ${name}, and the latest version ${did(theirs)} it differently`], mineWins: base !== undefined && theirs !== undefined };
}

interface Kind {
  readonly part: RegExp;
  /** Key and value of a child element of the root; undefined for one the merge does not know. */
  readonly item: (local: string, attr: (name: string) => string) => { key: string; value: string } | undefined;
  readonly describe: (key: string, value: string | undefined) => string;
}

const KINDS: readonly Kind[] = [
  {
    part: /(^|\/)_rels\/[^/]*\.rels$/i,
    item: (local, a) => (local === 'Relationship' ? { key: a('Id'), value: `${a('Target')}${a('TargetMode') === 'External' ? ' (external)' : ''} as ${a('Type').replace(/.*\//, '')}` } : undefined),
    describe: (key, value) => (value === undefined ? `no relationship ${key}` : `relationship ${key} to ${value}`),
  },
  {
    part: /^\[Content_Types\]\.xml$/i,
    item: (local, a) =>
      local === 'Default' ? { key: `extension ${a('Extension').toLowerCase()}`, value: a('ContentType').toLowerCase() }
      : local === 'Override' ? { key: `part ${a('PartName').toLowerCase()}`, value: a('ContentType').toLowerCase() }
      : undefined,
    describe: (key, value) => (value === undefined ? `no content type for ${key}` : `content type ${value} for ${key}`),
  },
];

interface Item {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

/** The root's children by key, and where the root's end tag is; a string says why not. */
function items(kind: Kind, xml: string): { list: Map<string, Item>; close: number } | string {
  const list = new Map<string, Item>();
  let problem: string | undefined;
  scanXml(xml, {
    open(tag) {
      if (tag.depth !== 1) return;
      const a = (n: string) => decodeXmlText(tag.attrs.find((x) => x.qname === n)?.value ?? '');
      const it = kind.item(tag.local, a);
      if (!it || !tag.selfClosing) problem ??= `an unexpected <${tag.qname}>`;
      else if (list.has(it.key)) problem ??= `${it.key} listed twice`;
      else list.set(it.key, { value: it.value, start: tag.start, end: startTagEnd(xml, tag.nameEnd, tag.attrs) });
    },
  });
  const close = xml.lastIndexOf('</');
  return problem ?? (close < 0 ? 'an empty list' : { list, close });
}

/**
 * Each entry three ways: what mine added or changed is done to theirs' list. What mine removed
 * stays: an unused relationship or content type is harmless, and theirs' paragraphs may use it.
 */
function mergeList(kind: Kind, name: string, base: Uint8Array | undefined, mine: Uint8Array, theirs: Uint8Array): PartDecision {
  const m = decodePart(mine);
  const t = decodePart(theirs);
  const bl = base === undefined ? { list: new Map<string, Item>(), close: 0 } : items(kind, decodePart(base).text);
  const ml = items(kind, m.text);
  const tl = items(kind, t.text);
  if (typeof bl === 'string' || typeof ml === 'string' || typeof tl === 'string') {
    return { take: 'conflict', reasons: [`${name} cannot be merged: ${[bl, ml, tl].find((x) => typeof x === 'string')}`], mineWins: false };
  }
  const edits: { start: number; end: number; text: string }[] = [];
  const reasons: string[] = [];
  for (const [key, mv] of ml.list) {
    const bv = bl.list.get(key);
    const tv = tl.list.get(key);
    if (mv.value === bv?.value || mv.value === tv?.value) continue;
    if (tv?.value !== bv?.value) {
      const did = bv === undefined ? 'added' : 'made';
      reasons.push(`in ${name}, this save ${did} ${kind.describe(key, mv.value)}, but the latest version has ${kind.describe(key, tv?.value)}`);
      continue;
    }
    const text = m.text.slice(mv.start, mv.end);
    edits.push(tv ? { start: tv.start, end: tv.end, text } : { start: tl.close, end: tl.close, text });
  }
  if (reasons.length > 0) return { take: 'conflict', reasons, mineWins: false };
  // Replacements keep theirs' order; additions go last, in mine's order (a stable sort).
  edits.sort((x, y) => x.start - y.start);
  const out: string[] = [];
  let at = 0;
  for (const e of edits) {
    out.push(t.text.slice(at, e.start), e.text);
    at = e.end;
  }
  out.push(t.text.slice(at));
  return { take: 'merged', bytes: encodePart(out.join(''), t.encoding) };
}
