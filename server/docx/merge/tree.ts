import { MC_NS, W14_NS, W_NAMESPACES } from '../package';
import { type XmlAttr, type XmlHandler, scanXml } from '../xml';
import { decodeXmlText } from '../xml-chars';

/**
 * The block structure of a part that holds paragraphs, with exact offsets into its text: every
 * element outside paragraphs (body, tables, rows, cells, content controls, section properties...)
 * and every top-level paragraph. The merge splices into the base part's text at these offsets, so
 * whatever it does not touch keeps its bytes. Elements inside a paragraph are not kept (a 300-page
 * body has a million of them); a paragraph is parsed in detail only when it changed.
 */

export interface Block {
  readonly local: string;
  /** Namespace is WordprocessingML (either flavour). */
  readonly w: boolean;
  readonly qname: string;
  /** Offset of '<', of the first character after the start tag, and just past the element. */
  readonly start: number;
  readonly openEnd: number;
  end: number;
  readonly attrs: readonly XmlAttr[];
  readonly parent: Block | undefined;
  readonly children: Block[];
  /** For paragraphs: the w14:paraId as written. */
  readonly paraId?: string;
  /** Visible text: w:t and m:t, tabs and breaks (as story.ts reads it), nested paragraphs excluded. */
  text: string;
  /** Text of paragraphs nested inside this one (text boxes), mc:Fallback copies excluded. */
  nestedText: string;
  /** For paragraphs: text boxes (w:txbxContent) anchored in it, mc:Fallback copies and nested boxes excluded. */
  textBoxes: number;
  /** Some descendant is a paragraph: tables, cells, content controls, the body. */
  hasParagraphs: boolean;
  /** Position among the part's top-level paragraphs, -1 for other blocks. */
  index: number;
}

export interface StoryTree {
  readonly xml: string;
  readonly root: Block;
  /** Top-level paragraphs (not inside another paragraph) in document order. */
  readonly paragraphs: readonly Block[];
  /** Namespace bindings declared on the root (prefix '' for a default namespace). */
  readonly rootDeclarations: ReadonlyMap<string, string>;
}

/**
 * Run children that read as characters, as story.ts reads them, except w:ptab: a positional tab
 * is layout the editor neither shows nor writes back (docs/editor.md: tabs lost in headers), so it is
 * kept as an object and never counted as text the user could have deleted. w:softHyphen, which
 * the editor also drops, is no character for story.ts either.
 */
const RUN_CHARS: ReadonlyMap<string, string> = new Map([
  ['tab', '\t'],
  ['br', '\n'],
  ['cr', '\n'],
  ['noBreakHyphen', '\u2011'],
]);
const MATH_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

/**
 * A page or column break: layout, like w:ptab. The editor turns a page-break run into a node of
 * its own and does not always write it back (docs/editor.md), so it is kept as an object, not text.
 */
export function isLayoutBreak(local: string, attrs: readonly XmlAttr[]): boolean {
  if (local !== 'br') return false;
  for (const a of attrs) if (a.local === 'type' && a.qname !== 'xmlns') return a.value === 'page' || a.value === 'column';
  return false;
}

/**
 * A paragraph with no text of its own that anchors text boxes. The editor shows each box as a
 * block of its own and drops the paragraph; on save it writes each box, emptied of its text, at
 * the start of the next paragraph. So when such a paragraph is missing from the editor's version
 * and the next one gained as many pictures, the editor moved it, and neither change is the user's.
 */
export function isTextBoxAnchor(b: Block): boolean {
  return b.local === 'p' && b.text === '' && b.textBoxes > 0;
}

/**
 * Where the editor would have written the boxes of text-box anchors it dropped: for each paragraph
 * it kept (`paired`), the anchors right before it in the same container that it did not keep.
 */
export function textBoxMoves(paragraphs: readonly Block[], paired: (b: Block) => boolean): Map<Block, readonly Block[]> {
  const moves = new Map<Block, readonly Block[]>();
  let waiting: Block[] = [];
  for (const b of paragraphs) {
    const last = waiting[waiting.length - 1];
    if (last && (last.parent !== b.parent || last.index + 1 !== b.index)) waiting = [];
    if (paired(b)) {
      if (waiting.length > 0) moves.set(b, waiting);
      waiting = [];
    } else if (isTextBoxAnchor(b)) waiting.push(b);
    else waiting = [];
  }
  return moves;
}

/** Offset just past the start tag whose name ends at `nameEnd` (the scanner already checked it). */
export function startTagEnd(xml: string, nameEnd: number, attrs: readonly XmlAttr[]): number {
  let p = nameEnd;
  const last = attrs[attrs.length - 1];
  if (last) p = xml.indexOf(xml[last.valueStart - 1]!, last.valueStart) + 1;
  while (xml.charCodeAt(p) !== 0x3e) p++;
  return p + 1;
}

/**
 * Offset just past the end tag of `qname`, the first one after `from`, where everything between
 * is end tags, comments or processing instructions (the scanner reported every start tag and text).
 */
export function endTagEnd(xml: string, from: number, qname?: string): number {
  let p = xml.indexOf('<', from);
  for (;;) {
    if (xml.startsWith('<!--', p)) p = xml.indexOf('<', xml.indexOf('-->', p) + 3);
    else if (xml.startsWith('<?', p)) p = xml.indexOf('<', xml.indexOf('?>', p) + 2);
    else if (qname === undefined || (xml.startsWith(qname, p + 2) && !isNameChar(xml.charCodeAt(p + 2 + qname.length)))) return xml.indexOf('>', p) + 1;
    else p = xml.indexOf('<', p + 2);
  }
}

function isNameChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x3a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2d || c === 0x2e || c === 0x5f || c > 0x7f;
}

/** Scans a story part. Throws XmlError if it is not well-formed. */
export function readTree(xml: string): StoryTree {
  const builder = treeBuilder(xml);
  scanXml(xml, builder.handler);
  return builder.result();
}

/**
 * The tree scan as scanner callbacks, for a caller that reads more in the same pass;
 * `paragraphOpened` is the top-level paragraph whose start tag the last open() was, if any.
 */
export function treeBuilder(xml: string): { handler: XmlHandler; result: () => StoryTree; paragraphOpened: () => Block | undefined } {
  let opened: Block | undefined;
  let root: Block | undefined;
  const blocks: Block[] = []; // open blocks (elements outside paragraphs, and the paragraph itself)
  const paragraphs: Block[] = [];
  let para: Block | undefined; // the open top-level paragraph
  let paraDepth = -1;
  let nested = 0; // paragraphs open inside `para`
  const runDepths: number[] = []; // depths of the open w:r inside `para`
  const nestedNames: string[] = []; // qnames of the open paragraphs inside `para`
  let fallbackDepth = -1;
  let inText = false;
  let selfClosed = false; // the element just opened closes itself (its close event comes next)
  let last = 0; // where the last event ended: end tags after it are all that is left to skip
  const wordNs = new Map<string, boolean>();
  const isWord = (ns: string) => {
    let w = wordNs.get(ns);
    if (w === undefined) wordNs.set(ns, (w = W_NAMESPACES.has(ns)));
    return w;
  };

  const handler: XmlHandler = {
    open(tag) {
      opened = undefined;
      last = tag.nameEnd;
      selfClosed = tag.selfClosing;
      const w = isWord(tag.ns);
      if (fallbackDepth < 0 && tag.ns === MC_NS && tag.local === 'Fallback') fallbackDepth = tag.depth;
      if (para) {
        // Inside a paragraph only the text matters here; detail is read later if needed.
        if (!w && tag.ns !== MATH_NS) return;
        if (tag.local === 'p' && w) {
          if (!tag.selfClosing) {
            nested++;
            nestedNames.push(tag.qname);
          }
        } else if (tag.local === 't') inText = !tag.selfClosing;
        else if (tag.local === 'txbxContent' && w && nested === 0 && fallbackDepth < 0) para.textBoxes++;
        else if (tag.local === 'r' && w) {
          if (!tag.selfClosing) runDepths.push(tag.depth);
        } else if (w && tag.depth === runDepths[runDepths.length - 1]! + 1 && fallbackDepth < 0) {
          const ch = isLayoutBreak(tag.local, tag.attrs) ? undefined : RUN_CHARS.get(tag.local);
          if (ch) {
            if (nested > 0) para.nestedText += ch;
            else para.text += ch;
          }
        }
        return;
      }
      const parent = blocks[blocks.length - 1];
      let paraId: string | undefined;
      if (w && tag.local === 'p') for (const a of tag.attrs) if (a.ns === W14_NS && a.local === 'paraId') paraId = a.value;
      const openEnd = startTagEnd(xml, tag.nameEnd, tag.attrs);
      last = openEnd;
      const block: Block = {
        local: tag.local,
        w,
        qname: tag.qname,
        start: tag.start,
        openEnd,
        end: openEnd,
        attrs: tag.attrs,
        parent,
        children: [],
        ...(paraId === undefined ? {} : { paraId }),
        text: '',
        nestedText: '',
        textBoxes: 0,
        hasParagraphs: false,
        index: -1,
      };
      root ??= block;
      parent?.children.push(block);
      if (!tag.selfClosing) blocks.push(block);
      if (w && tag.local === 'p' && fallbackDepth < 0) {
        block.index = paragraphs.length;
        paragraphs.push(block);
        opened = block;
        for (let b = parent; b && !b.hasParagraphs; b = b.parent) b.hasParagraphs = true;
        if (!tag.selfClosing) {
          para = block;
          paraDepth = tag.depth;
        }
      }
    },
    close(ns, local, depth) {
      const wasSelfClosing = selfClosed;
      selfClosed = false;
      if (depth === fallbackDepth) fallbackDepth = -1;
      if (para && depth > paraDepth) {
        if (local === 't') inText = false;
        else if (depth === runDepths[runDepths.length - 1]) runDepths.pop();
        else if (local === 'p' && isWord(ns) && !wasSelfClosing) {
          // Past a text box paragraph's end tag, so that ours is not mistaken for it.
          nested--;
          last = endTagEnd(xml, last, nestedNames.pop());
        }
        return;
      }
      const block = blocks[blocks.length - 1];
      if (!block || depth !== blocks.length - 1) return; // a self-closing element: it ended where it began
      blocks.pop();
      last = endTagEnd(xml, last, block.qname);
      block.end = last;
      if (block === para) para = undefined;
    },
    text(start, end, cdata) {
      last = cdata ? end + 3 : end;
      if (!para || !inText || fallbackDepth >= 0) return;
      const raw = xml.slice(start, end);
      const text = cdata ? raw : decodeXmlText(raw);
      if (nested > 0) para.nestedText += text;
      else para.text += text;
    },
  };
  return { handler, result: () => ({ xml, root: root!, paragraphs, rootDeclarations: declarations(root!.attrs) }), paragraphOpened: () => opened };
}

function declarations(attrs: readonly XmlAttr[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of attrs) {
    if (a.qname === 'xmlns') out.set('', a.value);
    else if (a.qname.startsWith('xmlns:')) out.set(a.qname.slice(6), a.value);
  }
  return out;
}
