import { MC_NS, type TextEncoding, W14_NS, W_NAMESPACES, decodePart } from './package';
import { type XmlAttr, scanXml } from './xml';
import { decodeXmlText } from './xml-chars';

/**
 * One pass over a part that holds paragraphs (the body, a header, footnotes...): where each
 * paragraph's start tag is, the id it already has, and its visible text. inspectDocx runs it to
 * prove the part well-formed; addParagraphIds and extractText then reuse the result, so a large
 * body is scanned once per upload rather than three times.
 */

export interface StoryParagraph {
  /** Offset just past `<w:p` in the part text: where new attributes go. */
  readonly nameEnd: number;
  /** The w14:paraId already present, as written, and the offset of its value. */
  readonly paraId: string | undefined;
  readonly paraIdAt: number;
  readonly hasTextId: boolean;
  readonly text: string;
  /**
   * Inside mc:Fallback: a copy, for older readers, of content (usually a text box) that the
   * mc:Choice beside it also holds. It gets an id like any paragraph but its text is not read.
   */
  readonly fallback: boolean;
}

export interface Story {
  readonly xml: string;
  readonly encoding: TextEncoding;
  readonly root: { readonly ns: string; readonly local: string; readonly nameEnd: number; readonly attrs: readonly XmlAttr[] };
  /** Every w:p, in document order (start tags), nested ones (text boxes) after their anchor. */
  readonly paragraphs: readonly StoryParagraph[];
}

const MATH_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/math';

/**
 * What a run child adds to the text. Tabs and breaks keep words apart for search and counting.
 * A w:softHyphen adds nothing: it only marks where Word may hyphenate a word at a line end, the
 * editor neither shows nor writes it back, and a word that holds one is searched for by its letters.
 */
export const RUN_CHARS: ReadonlyMap<string, string> = new Map([
  ['tab', '\t'],
  ['ptab', '\t'],
  ['br', '\n'],
  ['cr', '\n'],
  ['noBreakHyphen', '\u2011'],
]);

const stories = new WeakMap<Uint8Array, Story>();

/** Reads a story part. Throws XmlError (or a TypeError for bytes that are not UTF-8/16). */
export function readStory(bytes: Uint8Array): Story {
  let story = stories.get(bytes);
  if (!story) {
    story = scanStory(bytes);
    stories.set(bytes, story);
  }
  return story;
}

function scanStory(bytes: Uint8Array): Story {
  const { text: xml, encoding } = decodePart(bytes);
  let root: Story['root'] | undefined;
  const paragraphs: { -readonly [K in keyof StoryParagraph]: StoryParagraph[K] }[] = [];
  const open: (typeof paragraphs)[number][] = []; // paragraphs whose end tag has not come yet
  const parents: string[] = []; // local names of the open w: elements ('' for other namespaces)
  let inText = false;
  let fallbackDepth = -1;
  // Keyed by the scanner's own namespace strings, so after the first lookup it is an identity hit
  // rather than a 60-character comparison per element.
  const wordNs = new Map<string, boolean>();
  const isWord = (ns: string) => {
    let w = wordNs.get(ns);
    if (w === undefined) wordNs.set(ns, (w = W_NAMESPACES.has(ns)));
    return w;
  };

  scanXml(xml, {
    open(tag) {
      root ??= tag;
      const w = isWord(tag.ns);
      parents.push(w ? tag.local : '');
      if (fallbackDepth < 0 && tag.ns === MC_NS && tag.local === 'Fallback') fallbackDepth = tag.depth;
      if (w && tag.local === 'p') {
        let paraId: string | undefined;
        let paraIdAt = -1;
        let hasTextId = false;
        for (const a of tag.attrs) {
          if (a.ns !== W14_NS) continue;
          if (a.local === 'paraId') [paraId, paraIdAt] = [a.value, a.valueStart];
          else if (a.local === 'textId') hasTextId = true;
        }
        const p = { nameEnd: tag.nameEnd, paraId, paraIdAt, hasTextId, text: '', fallback: fallbackDepth >= 0 };
        paragraphs.push(p);
        open.push(p); // popped by close(), which also runs for <w:p/>
        return;
      }
      const current = open[open.length - 1];
      if (!current || fallbackDepth >= 0) return;
      if ((w || tag.ns === MATH_NS) && tag.local === 't') inText = !tag.selfClosing;
      else if (w && parents[parents.length - 2] === 'r') current.text += RUN_CHARS.get(tag.local) ?? '';
    },
    close(ns, local, depth) {
      parents.pop();
      if (depth === fallbackDepth) fallbackDepth = -1;
      if (local === 't') inText = false;
      else if (local === 'p' && isWord(ns)) open.pop();
    },
    text(start, end, cdata) {
      const current = open[open.length - 1];
      if (!inText || !current || fallbackDepth >= 0) return;
      const raw = xml.slice(start, end);
      current.text += cdata ? raw : decodeXmlText(raw);
    },
  });
  for (const p of paragraphs) if (p.text.includes('\r')) p.text = p.text.replace(/\r\n?/g, '\n');
  return { xml, encoding, root: root!, paragraphs };
}
