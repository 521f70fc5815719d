import type { RedlineAuthor } from './compare';

/** Small pieces of XML reading and writing for the redline. */

export const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string): string => escapeText(s).replace(/"/g, '&quot;');

export interface Child {
  readonly qname: string;
  /** The name without its prefix. */
  readonly local: string;
  readonly start: number;
  readonly end: number;
}

/**
 * The child elements of the element at `start` in `xml`, which the package's scanner has
 * already found well-formed (so a small tokenizer is enough): for the children of w:pPr and of
 * the paragraph mark's w:rPr, which the paragraph reader does not list.
 */
export function childElements(xml: string, start: number): Child[] {
  let p = tagEnd(xml, start);
  if (xml.charCodeAt(p - 2) === 0x2f) return []; // self-closing
  const out: Child[] = [];
  let depth = 0;
  let open: { qname: string; start: number } | undefined;
  for (;;) {
    p = xml.indexOf('<', p);
    if (xml.startsWith('<!--', p)) p = xml.indexOf('-->', p) + 3;
    else if (xml.startsWith('<?', p)) p = xml.indexOf('?>', p) + 2;
    else if (xml.startsWith('<![CDATA[', p)) p = xml.indexOf(']]>', p) + 3;
    else if (xml.charCodeAt(p + 1) === 0x2f) {
      const end = xml.indexOf('>', p) + 1;
      if (depth === 0) return out; // the element's own end tag
      if (--depth === 0 && open) out.push(child(open, end));
      p = end;
    } else {
      const end = tagEnd(xml, p);
      const self = xml.charCodeAt(end - 2) === 0x2f;
      if (depth === 0) {
        const qname = /^<([^\s/>]+)/.exec(xml.slice(p, Math.min(end, p + 200)))![1]!;
        open = { qname, start: p };
        if (self) out.push(child(open, end));
      }
      if (!self) depth++;
      p = end;
    }
  }
}

function child(open: { qname: string; start: number }, end: number): Child {
  const colon = open.qname.indexOf(':');
  return { qname: open.qname, local: open.qname.slice(colon + 1), start: open.start, end };
}

/** Offset just past the '>' of the start tag at `start`, quoted attribute values skipped. */
export function tagEnd(xml: string, start: number): number {
  let p = start + 1;
  for (;;) {
    const c = xml.charCodeAt(p);
    if (c === 0x22 || c === 0x27) p = xml.indexOf(xml[p]!, p + 1) + 1;
    else if (c === 0x3e) return p + 1;
    else p++;
  }
}

/** A start tag written as an open one: `<w:rPr/>` -> `<w:rPr>`. */
export function openTag(xml: string, start: number): string {
  const tag = xml.slice(start, tagEnd(xml, start));
  return tag.endsWith('/>') ? `${tag.slice(0, -2).trimEnd()}>` : tag;
}

/**
 * Writes the redline's elements in one part's prefix for WordprocessingML, each revision with a
 * w:id no other annotation in the package uses.
 */
export class Writer {
  private moves = 0;
  private readonly who: RedlineAuthor;
  constructor(
    readonly prefix: string,
    private readonly ids: RevisionIds,
    who: RedlineAuthor,
  ) {
    // Word writes whole seconds (2025-06-01T12:00:00Z); a toISOString() date has milliseconds.
    this.who = { author: who.author, date: who.date.replace(/\.\d+(?=Z$|[+-]\d\d:\d\d$)/, '') };
  }

  /** `w:name` as the part writes it. */
  n(local: string): string {
    return this.prefix ? `${this.prefix}:${local}` : local;
  }

  /** Start tag of a revision element (ins, del, moveFrom, moveTo, rPrChange, pPrChange). */
  revision(local: string, selfClosing = false, extra = ''): string {
    const w = `${this.prefix}:`;
    return `<${this.n(local)} ${w}id="${this.ids.next()}" ${w}author="${escapeAttr(this.who.author)}" ${w}date="${escapeAttr(this.who.date)}"${extra}${selfClosing ? '/>' : '>'}`;
  }

  /** The start and end markers of a move range (`from` or `to`) and its w:name. */
  moveRange(side: 'From' | 'To', name: string): { start: string; end: string } {
    const id = this.ids.next();
    const w = `${this.prefix}:`;
    const start = `<${this.n(`move${side}RangeStart`)} ${w}id="${id}" ${w}author="${escapeAttr(this.who.author)}" ${w}date="${escapeAttr(this.who.date)}" ${w}name="${name}"/>`;
    return { start, end: `<${this.n(`move${side}RangeEnd`)} ${w}id="${id}"/>` };
  }

  /** A new move name, shared by the two ranges of one move. */
  moveName(): string {
    return `redraftMove${++this.moves}`;
  }
}

/** Annotation ids above every numeric id already in the package's story parts. */
export class RevisionIds {
  private last: number;
  constructor(parts: readonly string[]) {
    let max = 0;
    for (const xml of parts) for (const m of xml.matchAll(/[\s:]id="(\d{1,15})"/g)) max = Math.max(max, Number(m[1]));
    this.last = max;
  }
  next(): number {
    return ++this.last;
  }
}
