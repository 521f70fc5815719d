import { MC_NS, W_NAMESPACES } from '../package';
import { type XmlAttr, type XmlHandler, type XmlOpenTag, scanXml } from '../xml';
import { decodeXmlText } from '../xml-chars';
import { type Block, endTagEnd, isLayoutBreak, startTagEnd } from './tree';

/**
 * One paragraph in detail: its runs, what each run holds, and its characters in order (visible
 * text, deleted text, tabs and breaks), each pointing back at the run and element it came from.
 * Offsets are into the part text, so the merge can copy any piece of the original as it was.
 */

export type RevisionKind = 'ins' | 'del' | 'moveFrom' | 'moveTo';

export interface Revision {
  readonly kind: RevisionKind;
  readonly author: string;
  readonly date: string;
  /** The start tag as written, e.g. `<w:del w:id="3" w:author="AI Assistant" w:date="...">`. */
  readonly tag: string;
}

export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Element extends Span {
  readonly local: string;
  readonly w: boolean;
  readonly attrs: readonly XmlAttr[];
}

export interface RunItem extends Element {
  /** Characters it contributes: text of w:t / w:delText, one character for tabs and breaks. */
  readonly chars: string;
}

export interface Run extends Span {
  readonly openEnd: number;
  readonly rPr: (Span & { readonly children: readonly Element[] }) | undefined;
  readonly items: readonly RunItem[];
  /** Innermost ins/del/moveFrom/moveTo around the run, inside this paragraph. */
  readonly revision: Revision | undefined;
  /** Inside a w:hyperlink, or in the result of a HYPERLINK field. */
  readonly link: boolean;
  /** Inside a smart tag, whose text the editor drops (docs/editor.md). */
  readonly smartTag: boolean;
  /**
   * Inside a revision that is itself inside another: text inserted and then deleted, a deletion
   * inside a tracked move. The editor keeps only the runs and links directly inside a revision,
   * so it drops these runs, text and all, from every paragraph it writes.
   */
  readonly nestedRevision: boolean;
}


/** A paragraph-level element around runs: hyperlink, ins, del, smart tag, content control... */
export interface Wrapper extends Span {
  readonly local: string;
  readonly runs: number[];
  /** Holds something besides runs and wrappers (a bookmark, a comment mark): never dropped. */
  other: boolean;
  end: number;
}

export interface ParagraphModel extends Span {
  readonly openEnd: number;
  /** Offset of the end tag (equal to `end` for `<w:p/>`). */
  readonly closeStart: number;
  /** Prefix of the WordprocessingML namespace as the part writes it ('' for a default namespace). */
  readonly prefix: string;
  readonly pPr: Span | undefined;
  readonly pStyle: Element | undefined;
  /** The paragraph mark's run properties (w:pPr/w:rPr). */
  readonly markRPr: Span | undefined;
  readonly runs: readonly Run[];
  /**
   * Every character in order (text, deleted text, tabs, breaks) as one string, and for each the
   * run and item it came from and its index in the item's chars. Parallel arrays, not objects: a
   * 300-page body has a million characters.
   */
  readonly text: string;
  readonly charRun: readonly number[];
  readonly charItem: readonly number[];
  readonly charK: readonly number[];
  readonly wrappers: readonly Wrapper[];
  /** Objects by kind (picture, footnoteReference...), to notice added ones. */
  readonly objects: ReadonlyMap<string, number>;
  /** Ids of the comments it marks. */
  readonly commentIds: ReadonlySet<string>;
  /** Text of nested paragraphs (text boxes) and of math: copied, never edited, by the merge. */
  readonly opaqueText: string;
}

const TEXT_ITEMS = new Set(['t', 'delText', 'instrText', 'delInstrText']);
/** As tree.ts: w:ptab and w:softHyphen are objects, not text. */
const CHAR_ITEMS: ReadonlyMap<string, string> = new Map([
  ['tab', '\t'],
  ['br', '\n'],
  ['cr', '\n'],
  ['noBreakHyphen', '\u2011'],
]);
const REVISIONS = new Set<string>(['ins', 'del', 'moveFrom', 'moveTo']);
/** Elements that only wrap runs: dropped with their runs when all their text is deleted. */
const WRAPPERS = new Set<string>([...REVISIONS, 'hyperlink', 'smartTag', 'sdt', 'sdtContent', 'fldSimple', 'customXml', 'dir', 'bdo']);
/** Objects whose number the merge compares: one more means the user inserted something. */
const COUNTED = new Set(['drawing', 'pict', 'object', 'footnoteReference', 'endnoteReference', 'fldSimple', 'oMath']);
/** Comment marks, known by id: the editor moves the end of a comment spanning paragraphs. */
const COMMENT_MARKS = new Set(['commentRangeStart', 'commentRangeEnd', 'commentReference']);
/** One kind: the editor writes VML pictures (w:pict) and OLE objects back as DrawingML. */
const PICTURES = new Set(['drawing', 'pict', 'object']);
const MATH_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

/** Namespace declarations in force at a block, from the root down. */
export function declarationsAt(block: Block): string {
  const chain: Block[] = [];
  for (let b: Block | undefined = block.parent; b; b = b.parent) chain.unshift(b);
  const seen = new Map<string, string>();
  for (const b of chain) for (const a of b.attrs) if (a.qname === 'xmlns' || a.qname.startsWith('xmlns:')) seen.set(a.qname, a.value);
  return [...seen].map(([q, v]) => ` ${q}="${v}"`).join('');
}

interface Open extends Element {
  readonly openEnd: number;
  readonly selfClosing: boolean;
  readonly revision: Revision | undefined;
  readonly wrapper: Wrapper | undefined;
  /** Where the element sits: inside pPr, inside a run, or at paragraph level. */
  readonly zone: 'pPr' | 'run' | 'para' | 'opaque';
}

interface Field {
  instr: string;
  separated: boolean;
  link: boolean;
}

/** Parses the paragraph `block` of `xml`. Throws XmlError if it is not well-formed. */
export function readParagraph(xml: string, block: Block): ParagraphModel {
  const head = `<x${declarationsAt(block)}>`;
  const src = `${head}${xml.slice(block.start, block.end)}</x>`;
  const r = reader(src, block.start - head.length, block);
  scanXml(src, r.handler);
  return r.result();
}

/** The parse of one paragraph as scanner callbacks over `src`, whose offsets plus `shift` are the part's. */
export function reader(src: string, shift: number, block: Block): { handler: XmlHandler; result: () => ParagraphModel } {
  const runs: Run[] = [];
  let allText = '';
  const charRun: number[] = [];
  const charItem: number[] = [];
  const charK: number[] = [];
  const wrappers: Wrapper[] = [];
  const objects = new Map<string, number>();
  const commentIds = new Set<string>();
  const fields: Field[] = [];
  const stack: Open[] = [];
  let opaqueText = '';
  let pPr: Span | undefined;
  let pStyle: Element | undefined;
  let markRPr: Span | undefined;
  let closeStart = block.end;
  let cursor = 0;
  let run: { start: number; openEnd: number; depth: number; rPr?: Run['rPr']; rPrChildren: Element[]; items: RunItem[] } | undefined;
  let text: string | undefined; // collecting the content of a run's w:t / w:delText / w:instrText
  let opaque = false; // collecting text of nested paragraphs or math
  let fallback = 0;


  const pushOpen = (tag: XmlOpenTag, w: boolean, openEnd: number, zone: Open['zone'], revision: Revision | undefined, wrapper: Wrapper | undefined) => {
    stack.push({ local: tag.local, w, start: tag.start + shift, end: openEnd + shift, attrs: tag.attrs, openEnd: openEnd + shift, selfClosing: tag.selfClosing, zone, revision, wrapper });
  };
  const handler: XmlHandler = {
    open(tag) {
      const openEnd = startTagEnd(src, tag.nameEnd, tag.attrs);
      cursor = openEnd;
      const w = W_NAMESPACES.has(tag.ns);
      const depth = stack.length; // 0: the wrapper element, 1: the paragraph
      if (depth <= 1) return pushOpen(tag, w, openEnd, 'para', undefined, undefined);
      if (tag.ns === MC_NS && tag.local === 'Fallback') fallback++;
      if (fallback === 0) {
        const counted = w && isLayoutBreak(tag.local, tag.attrs) ? 'page break' : COUNTED.has(tag.local) ? (PICTURES.has(tag.local) ? 'picture' : tag.local) : undefined;
        if (counted) objects.set(counted, (objects.get(counted) ?? 0) + 1);
      }
      if (w && COMMENT_MARKS.has(tag.local)) commentIds.add(attr(tag.attrs, 'id') ?? '');
      let zone: Open['zone'] = stack[depth - 1]!.zone;
      if (zone === 'run') {
        // A text box inside a drawing, or ruby text: runs inside a run.
        if (w && (tag.local === 'p' || tag.local === 'ruby')) zone = 'opaque';
        else {
          if (run && depth === run.depth + 1 && w) {
            if (TEXT_ITEMS.has(tag.local)) text = '';
            else if (tag.local === 'fldChar') fieldChar(fields, attr(tag.attrs, 'fldCharType'));
          }
          return pushOpen(tag, w, openEnd, zone, undefined, undefined);
        }
      }
      if (zone === 'para' && ((w && tag.local === 'p') || (tag.ns === MATH_NS && tag.local === 'oMath') || fallback > 0)) zone = 'opaque';
      if (depth === 2 && w && tag.local === 'pPr') zone = 'pPr';
      if (zone === 'opaque') {
        opaque = fallback === 0 && (w || tag.ns === MATH_NS) && tag.local === 't';
        return pushOpen(tag, w, openEnd, zone, undefined, undefined);
      }
      if (zone === 'pPr') return pushOpen(tag, w, openEnd, zone, undefined, undefined);
      if (w && tag.local === 'r') {
        run = { start: tag.start + shift, openEnd: openEnd + shift, depth, rPrChildren: [], items: [] };
        return pushOpen(tag, w, openEnd, 'run', undefined, undefined);
      }
      let revision: Revision | undefined;
      if (w && REVISIONS.has(tag.local)) {
        revision = { kind: tag.local as RevisionKind, author: attr(tag.attrs, 'author') ?? '', date: attr(tag.attrs, 'date') ?? '', tag: src.slice(tag.start, openEnd) };
      }
      let wrapper: Wrapper | undefined;
      if (w && WRAPPERS.has(tag.local)) {
        wrapper = { local: tag.local, start: tag.start + shift, end: openEnd + shift, runs: [], other: false };
        wrappers.push(wrapper);
      }
      pushOpen(tag, w, openEnd, zone, revision, wrapper);
    },
    close() {
      const o = stack.pop()!;
      if (!o.selfClosing) cursor = endTagEnd(src, cursor);
      const end = cursor + shift;
      const depth = stack.length;
      if (depth === 1) closeStart = o.selfClosing ? end : src.lastIndexOf('<', cursor - 1) + shift;
      if (depth <= 1) return;
      if (o.local === 'Fallback' && fallback > 0) fallback--;
      if (o.zone === 'opaque') {
        opaque = false;
        return;
      }
      if (o.zone === 'pPr') {
        if (depth === 2) pPr = { start: o.start, end };
        else if (depth === 3 && o.w && o.local === 'rPr') markRPr = { start: o.start, end };
        else if (depth === 3 && o.w && o.local === 'pStyle') pStyle = { local: o.local, w: o.w, start: o.start, end, attrs: o.attrs };
        return;
      }
      if (o.zone === 'run' && run) {
        if (depth === run.depth) {
          closeRun(end);
        } else if (depth === run.depth + 1) {
          if (o.w && o.local === 'rPr') run.rPr = { start: o.start, end, children: run.rPrChildren };
          else {
            const itemChars = !o.w || isLayoutBreak(o.local, o.attrs) ? '' : o.local === 't' || o.local === 'delText' ? (text ?? '') : (CHAR_ITEMS.get(o.local) ?? '');
            if (o.w && o.local === 'instrText' && fields.length > 0) fields[fields.length - 1]!.instr += text ?? '';
            run.items.push({ local: o.local, w: o.w, start: o.start, end, attrs: o.attrs, chars: itemChars });
            text = undefined;
          }
        } else if (depth === run.depth + 2 && stack[depth - 1]!.local === 'rPr') {
          run.rPrChildren.push({ local: o.local, w: o.w, start: o.start, end, attrs: o.attrs });
        }
        return;
      }
      // Paragraph level.
      if (o.wrapper) o.wrapper.end = end;
      else for (const open of stack) if (open.wrapper) open.wrapper.other = true;
    },
    text(start, end, cdata) {
      cursor = cdata ? end + 3 : end;
      if (text === undefined && !opaque) return;
      const raw = src.slice(start, end);
      const decoded = cdata ? raw : decodeXmlText(raw);
      if (opaque) opaqueText += decoded;
      else text += decoded;
    },
  };

  function closeRun(end: number) {
    const r = run!;
    const index = runs.length;
    let revision: Revision | undefined;
    let link = fields.some((f) => f.link && f.separated);
    let smartTag = false;
    let revisions = 0;
    for (const open of stack) {
      if (open.revision) {
        revision = open.revision; // the innermost wins
        revisions++;
      }
      if (open.local === 'hyperlink') link = true;
      else if (open.local === 'smartTag') smartTag = true;
      open.wrapper?.runs.push(index);
    }
    runs.push({ start: r.start, end, openEnd: r.openEnd, rPr: r.rPr, items: r.items, revision, link, smartTag, nestedRevision: revisions > 1 });
    r.items.forEach((item, i) => {
      allText += item.chars;
      for (let k = 0; k < item.chars.length; k++) {
        charRun.push(index);
        charItem.push(i);
        charK.push(k);
      }
    });
    run = undefined;
  }

  const prefix = block.qname.includes(':') ? block.qname.slice(0, block.qname.indexOf(':')) : '';
  const result = (): ParagraphModel => ({ start: block.start, end: block.end, openEnd: block.openEnd, closeStart, prefix, pPr, pStyle, markRPr, runs, text: allText, charRun, charItem, charK, wrappers, objects, commentIds, opaqueText });
  return { handler, result };
}

function fieldChar(fields: Field[], type: string | undefined): void {
  if (type === 'begin') fields.push({ instr: '', separated: false, link: false });
  else if (type === 'separate' && fields.length > 0) {
    const f = fields[fields.length - 1]!;
    f.separated = true;
    f.link = /^\s*HYPERLINK\b/i.test(f.instr);
  } else if (type === 'end') fields.pop();
}

/** An attribute's decoded value by local name (w:val, val and any prefix alike). */
export function attr(attrs: readonly XmlAttr[], local: string): string | undefined {
  for (const a of attrs) if (a.local === local && !a.qname.startsWith('xmlns')) return decodeXmlText(a.value);
  return undefined;
}
