import { inspectDocx } from '../docx/inspect';
import { type DocxPackage, type Relationship, W_NAMESPACES, decodePart, locateStoryParts, officeRelType, parseRelationships, relsPartFor } from '../docx/package';
import { readStory } from '../docx/story';
import { scanXml } from '../docx/xml';
import { ListCounters, NO_NUMBERING, type NumberingDefinitions, integer, isOn, levelIndex, readNumbering, wordAttr } from './numbering';
import type { PartKind, ReviewDocument, ReviewParagraph } from './types';

/**
 * The document the review rules read (server/review/types.ts): every paragraph a reader sees, in
 * reading order, with the text extractText gives it, its list number and whether it is a heading.
 * The text comes from readStory, which inspectDocx already ran on every story part (and keeps),
 * so each part is scanned once more here, for the paragraph properties only.
 */

/** The parts read after the body, in this order; comments are not part of the document's text. */
const PART_ORDER: readonly PartKind[] = ['header', 'footer', 'footnotes', 'endnotes'];
const HEADING_ID = /^(heading[1-9]|title)$/i;
const HEADING_NAME = /^(heading [1-9]|title)$/i;
/** w:outlineLvl 9 is body text; 0..8 are the outline's levels. */
const BODY_TEXT_LEVEL = 9;

interface Style {
  readonly type: string;
  readonly basedOn: string | undefined;
  readonly numId: number | undefined;
  readonly ilvl: number | undefined;
  readonly outline: number | undefined;
  /** Its id or name is a built-in heading's (Word writes built-in names in English, ids translated). */
  readonly headingName: boolean;
}

/** What a paragraph inherits from its style and the styles that style is based on. */
interface Inherited {
  readonly numId: number | undefined;
  readonly ilvl: number | undefined;
  readonly heading: boolean;
}

interface Styles {
  readonly byId: ReadonlyMap<string, Style>;
  readonly defaultParagraph: string | undefined;
}

interface ParagraphProps {
  style: string | null;
  numId: number | undefined;
  ilvl: number | undefined;
  outline: number | undefined;
  readonly inTable: boolean;
  /** A footnote or endnote separator: a line Word draws, not text anybody wrote. */
  readonly separator: boolean;
}

/**
 * Reads a .docx for the review. Throws when inspectDocx refuses the bytes (a stored version never
 * is); on a package it accepts it never throws: a styles or numbering part that cannot be read
 * only costs the labels and the headings they would give.
 */
export function readReviewDocument(bytes: Uint8Array): ReviewDocument {
  const inspected = inspectDocx(bytes);
  if (!inspected.ok) throw new Error(`readReviewDocument: ${inspected.reason} (${inspected.detail ?? inspected.code})`);
  const { pkg } = inspected;
  const find = partFinder(pkg);
  const rels = mainRelationships(pkg, find);
  const styles = readStyles(relatedXml(pkg, rels, find, 'styles'));
  const numbering = readNumberingSafely(relatedXml(pkg, rels, find, 'numbering'));
  const inherited = inheritance(styles);
  const numIdOfStyle = (id: string) => styles.byId.get(id)?.numId;

  const storyParts = new Set(pkg.storyParts);
  const stories = locateStoryParts(pkg.mainPart, rels, find, (p) => storyParts.has(p));
  const parts: Array<{ kind: PartKind; name: string }> = [{ kind: 'body', name: pkg.mainPart }];
  for (const kind of PART_ORDER) for (const s of stories) if (s.type === kind) parts.push({ kind, name: s.part });

  const paragraphs: ReviewParagraph[] = [];
  for (const { kind, name } of parts) {
    const story = readStory(pkg.parts.get(name)!);
    const props = paragraphProps(story.xml);
    // Each story numbers its own lists: a list in a header does not carry on the body's.
    const counters = new ListCounters(numbering, numIdOfStyle);
    story.paragraphs.forEach((p, i) => {
      const own = props[i];
      if (p.fallback || !own || own.separator) return;
      // A paragraph without a style, or naming one that is not defined, has the default style.
      const style = own.style !== null && styles.byId.has(own.style) ? own.style : (styles.defaultParagraph ?? null);
      const fromStyle = inherited(style ?? undefined);
      const numId = own.numId ?? fromStyle.numId;
      // numId 0 is how a paragraph takes itself out of the list its style puts it in.
      const label = numId === undefined || numId === 0 ? null : counters.next(numId, own.ilvl ?? fromStyle.ilvl, style);
      const heading = own.outline === undefined ? fromStyle.heading : isOutlineLevel(own.outline);
      paragraphs.push({ index: paragraphs.length, part: kind, partName: name, paraId: p.paraId ?? null, text: p.text, label, style: own.style, heading, inTable: own.inTable });
    });
  }
  return { paragraphs };
}

/**
 * The properties of every w:p of a story part, in the order readStory lists them (start tags):
 * the w:pPr's own w:pStyle, w:numPr and w:outlineLvl (not those of a w:pPrChange, which are the
 * old ones), and whether the nearest container is a table cell rather than a text box.
 */
function paragraphProps(xml: string): ParagraphProps[] {
  const props: ParagraphProps[] = [];
  const open: ParagraphProps[] = [];
  const parents: string[] = []; // local names of the open w: elements; other namespaces are transparent
  const containers: boolean[] = []; // open w:tc (true) and w:txbxContent (false)
  let separatorDepth = -1;
  const isWord = wordNamespaceTest();
  scanXml(xml, {
    open(tag) {
      if (!isWord(tag.ns)) return;
      const n = parents.length;
      const parent = parents[n - 1];
      const grandparent = parents[n - 2];
      const greatGrandparent = parents[n - 3];
      parents.push(tag.local); // popped by close(), which also runs for self-closing elements
      const local = tag.local;
      if (local === 'p') {
        const p: ParagraphProps = { style: null, numId: undefined, ilvl: undefined, outline: undefined, inTable: containers[containers.length - 1] === true, separator: separatorDepth >= 0 };
        props.push(p);
        open.push(p);
      } else if (local === 'tc' || local === 'txbxContent') {
        containers.push(local === 'tc');
      } else if ((local === 'footnote' || local === 'endnote') && separatorDepth < 0) {
        const type = wordAttr(tag, 'type');
        if (type !== undefined && type !== 'normal') separatorDepth = tag.depth;
      }
      const p = open[open.length - 1];
      if (!p) return;
      if (parent === 'pPr' && grandparent === 'p') {
        if (local === 'pStyle') p.style = wordAttr(tag, 'val') ?? null;
        else if (local === 'outlineLvl') p.outline = integer(wordAttr(tag, 'val'));
      } else if (parent === 'numPr' && grandparent === 'pPr' && greatGrandparent === 'p') {
        if (local === 'numId') p.numId = integer(wordAttr(tag, 'val'));
        else if (local === 'ilvl') p.ilvl = levelIndex(wordAttr(tag, 'val')) ?? 0;
      }
    },
    close(ns, local, depth) {
      if (depth === separatorDepth) separatorDepth = -1;
      if (!isWord(ns)) return;
      parents.pop();
      if (local === 'p') open.pop();
      else if (local === 'tc' || local === 'txbxContent') containers.pop();
    },
  });
  return props;
}

/** Paragraph and numbering styles by id. A part that cannot be read gives none. */
function readStyles(xml: string | undefined): Styles {
  const byId = new Map<string, Style>();
  let defaultParagraph: string | undefined;
  if (xml === undefined) return { byId, defaultParagraph };
  const parents: string[] = []; // local names of the open elements by depth ('' outside w:)
  let current: ({ -readonly [K in keyof Style]: Style[K] } & { id: string }) | undefined;
  const isWord = wordNamespaceTest();
  try {
    scanXml(xml, {
      open(tag) {
        const word = isWord(tag.ns);
        parents[tag.depth] = word ? tag.local : '';
        if (!word) return;
        const val = () => wordAttr(tag, 'val');
        if (tag.depth === 1 && tag.local === 'style') {
          const type = wordAttr(tag, 'type') ?? 'paragraph';
          const id = wordAttr(tag, 'styleId') ?? '';
          current = { id, type, basedOn: undefined, numId: undefined, ilvl: undefined, outline: undefined, headingName: HEADING_ID.test(id) };
          if (type === 'paragraph' && defaultParagraph === undefined && isOn(wordAttr(tag, 'default'))) defaultParagraph = id;
        } else if (!current) {
          return;
        } else if (tag.depth === 2) {
          if (tag.local === 'basedOn') current.basedOn = val();
          else if (tag.local === 'name' && HEADING_NAME.test(val() ?? '')) current.headingName = true;
        } else if (tag.depth === 3 && parents[2] === 'pPr') {
          if (tag.local === 'outlineLvl') current.outline = integer(val());
        } else if (tag.depth === 4 && parents[3] === 'numPr' && parents[2] === 'pPr') {
          if (tag.local === 'numId') current.numId = integer(val());
          else if (tag.local === 'ilvl') current.ilvl = levelIndex(val()) ?? 0;
        }
      },
      close(_ns, _local, depth) {
        if (depth !== 1 || !current) return;
        const { id, ...style } = current;
        if (!byId.has(id)) byId.set(id, style);
        current = undefined;
      },
    });
  } catch {
    return { byId: new Map(), defaultParagraph: undefined };
  }
  return { byId, defaultParagraph };
}

/**
 * What each paragraph style passes on, following w:basedOn: the nearest w:numId and w:ilvl win,
 * and the nearest style with an outline level or a built-in heading's name says whether it is a
 * heading (a style based on Heading 1 can make itself body text with w:outlineLvl 9). Memoised
 * and iterative, so a document's styles are walked once however long (or looping) the chains.
 */
function inheritance(styles: Styles): (id: string | undefined) => Inherited {
  const NONE: Inherited = { numId: undefined, ilvl: undefined, heading: false };
  const done = new Map<string, Inherited>();
  return (id) => {
    const chain: Style[] = [];
    const ids: string[] = [];
    const seen = new Set<string>();
    let base = NONE;
    for (let at = id; at !== undefined; ) {
      const known = done.get(at);
      if (known) {
        base = known;
        break;
      }
      const style = styles.byId.get(at);
      if (!style || style.type !== 'paragraph' || seen.has(at)) break;
      seen.add(at);
      chain.push(style);
      ids.push(at);
      at = style.basedOn;
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const style = chain[i]!;
      base = {
        numId: style.numId ?? base.numId,
        ilvl: style.ilvl ?? base.ilvl,
        heading: style.outline !== undefined ? isOutlineLevel(style.outline) : style.headingName || base.heading,
      };
      done.set(ids[i]!, base);
    }
    return base;
  };
}

function isOutlineLevel(level: number): boolean {
  return level >= 0 && level < BODY_TEXT_LEVEL;
}

/**
 * W_NAMESPACES.has, keyed by the scanner's own namespace strings (as story.ts does), so after the
 * first lookup it is an identity hit rather than a 60-character comparison per element.
 */
function wordNamespaceTest(): (ns: string) => boolean {
  const known = new Map<string, boolean>();
  return (ns) => {
    let w = known.get(ns);
    if (w === undefined) known.set(ns, (w = W_NAMESPACES.has(ns)));
    return w;
  };
}

function readNumberingSafely(xml: string | undefined): NumberingDefinitions {
  if (xml === undefined) return NO_NUMBERING;
  try {
    return readNumbering(xml);
  } catch {
    return NO_NUMBERING;
  }
}

function mainRelationships(pkg: DocxPackage, find: (name: string) => string | undefined): Relationship[] {
  const name = find(relsPartFor(pkg.mainPart));
  const data = name === undefined ? undefined : pkg.parts.get(name);
  if (!data) return [];
  try {
    return parseRelationships(decodePart(data).text, pkg.mainPart);
  } catch {
    return []; // inspectDocx read it already; a failure here would be ours, and costs only headers and labels
  }
}

/** Part names as the archive spells them, found case-insensitively, as OPC names are. */
function partFinder(pkg: DocxPackage): (name: string) => string | undefined {
  const names = new Map<string, string>();
  for (const name of pkg.parts.keys()) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  return (name) => names.get(name.toLowerCase());
}

/** The text of the part the main document's relationship of `type` names (styles, numbering), if it decodes. */
function relatedXml(pkg: DocxPackage, rels: readonly Relationship[], find: (name: string) => string | undefined, type: string): string | undefined {
  const rel = rels.find((r) => officeRelType(r.type) === type && r.part !== undefined);
  const name = rel?.part === undefined ? undefined : find(rel.part);
  const data = name === undefined ? undefined : pkg.parts.get(name);
  if (!data) return undefined;
  try {
    return decodePart(data).text;
  } catch {
    return undefined;
  }
}
