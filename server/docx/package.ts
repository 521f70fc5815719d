import type { PackageParts } from './package-parts';
import { decodeXmlText } from './xml-chars';
import { scanXml } from './xml';
import type { ZipEntry } from './zip-read';

/** Office Open XML package plumbing (OPC): content types, relationships, part text. */

export const W_NAMESPACES: ReadonlySet<string> = new Set([
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main',
  'http://purl.oclc.org/ooxml/wordprocessingml/main', // ISO 29500 Strict
]);
export const W14_NS = 'http://schemas.microsoft.com/office/word/2010/wordml';
export const MC_NS = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const CT_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';
const REL_BASES = [
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/',
  'http://purl.oclc.org/ooxml/officeDocument/relationships/',
];

export type DocumentKind = 'document' | 'template';

/** The main-part types accepted; the macro-enabled ones are refused (see macros.ts). */
export const WORD_MAIN_CONTENT_TYPES: ReadonlyMap<string, DocumentKind> = new Map([
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml', 'document'],
  ['application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml', 'template'],
]);

/** Relationship types (last path segment) of the parts that hold paragraphs besides the body. */
const STORY_TYPES: ReadonlySet<string> = new Set(['header', 'footer', 'footnotes', 'endnotes', 'comments']);

/** A checked Word package: what inspectDocx hands to extractText and addParagraphIds. */
export interface DocxPackage {
  /** The archive as uploaded, or as stored after unsafe link targets were dropped. */
  readonly archive: Uint8Array;
  /** Central-directory order; every entry was inflated and CRC-checked once. */
  readonly entries: readonly ZipEntry[];
  /** The .xml and .rels entries by name, inflated on first read; binary parts are not among them. */
  readonly parts: PackageParts;
  /** Entry name of the main document part, usually word/document.xml. */
  readonly mainPart: string;
  readonly kind: DocumentKind;
  /** The main part first, then headers, footers, footnotes, endnotes and comments, all well-formed. */
  readonly storyParts: readonly string[];
}

export interface Relationship {
  readonly type: string;
  /** Resolved entry name (no leading '/'), or undefined for external targets. */
  readonly part: string | undefined;
}

/** The relationship type's last segment when it is one of the standard Office ones. */
export function officeRelType(type: string): string | undefined {
  const base = REL_BASES.find((b) => type.startsWith(b));
  return base ? type.slice(base.length) : undefined;
}

export function isStoryRelType(type: string): boolean {
  return STORY_TYPES.has(officeRelType(type) ?? '');
}

/** The part the package's officeDocument relationship names, as the entry is really spelled. */
export function locateMainPart(rootRels: readonly Relationship[], find: (name: string) => string | undefined): string | undefined {
  const main = rootRels.find((r) => officeRelType(r.type) === 'officeDocument');
  return main?.part === undefined ? undefined : find(main.part);
}

/**
 * The main part first, then each story part its relationships name (headers, footers, notes,
 * comments) that exists, once each, with its relationship type. A missing header is Word's problem
 * to report, not a reason to refuse the body.
 */
export function locateStoryParts(
  mainPart: string,
  mainRels: readonly Relationship[],
  find: (name: string) => string | undefined,
  has: (part: string) => boolean,
): Array<{ part: string; type: string }> {
  const stories = [{ part: mainPart, type: 'officeDocument' }];
  for (const rel of mainRels) {
    const part = rel.part === undefined ? undefined : find(rel.part);
    if (part && has(part) && isStoryRelType(rel.type) && !stories.some((s) => s.part === part)) stories.push({ part, type: officeRelType(rel.type)! });
  }
  return stories;
}

/** Where the relationships of a part live: word/document.xml -> word/_rels/document.xml.rels. */
export function relsPartFor(part: string): string {
  const slash = part.lastIndexOf('/');
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`;
}

/** Parses a .rels part; `source` is the part the relationships belong to ('' for the package). */
export function parseRelationships(xml: string, source: string): Relationship[] {
  const rels: Relationship[] = [];
  scanXml(xml, {
    open(tag) {
      if (tag.ns !== RELS_NS || tag.local !== 'Relationship') return;
      const attr = (name: string) => decodeXmlText(tag.attrs.find((a) => a.qname === name)?.value ?? '');
      const external = attr('TargetMode').toLowerCase() === 'external';
      rels.push({ type: attr('Type'), part: external ? undefined : resolveTarget(source, attr('Target')) });
    },
  });
  return rels;
}

/** Content type of each part: Override by part name, else Default by extension. */
export function parseContentTypes(xml: string): (part: string) => string | undefined {
  const defaults = new Map<string, string>();
  const overrides = new Map<string, string>();
  scanXml(xml, {
    open(tag) {
      if (tag.ns !== CT_NS) return;
      const attr = (name: string) => decodeXmlText(tag.attrs.find((a) => a.qname === name)?.value ?? '');
      const type = attr('ContentType').trim().toLowerCase();
      if (tag.local === 'Default') defaults.set(attr('Extension').toLowerCase(), type);
      if (tag.local === 'Override') overrides.set(attr('PartName').replace(/^\//, '').toLowerCase(), type);
    },
  });
  return (part) => {
    const key = part.toLowerCase();
    return overrides.get(key) ?? defaults.get(key.slice(key.lastIndexOf('.') + 1));
  };
}

/** Resolves a relationship target against its source part, as OPC does (RFC 3986 paths). */
export function resolveTarget(source: string, target: string): string {
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A malformed %-escape: use the target as written.
  }
  const base = decoded.startsWith('/') ? [] : source.split('/').slice(0, -1);
  for (const seg of decoded.split('/')) {
    if (seg === '..') base.pop();
    else if (seg !== '.' && seg !== '') base.push(seg);
  }
  return base.join('/');
}

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be';

export interface DecodedPart {
  readonly text: string;
  readonly encoding: TextEncoding;
}

/** inspect, addParagraphIds and extractText each read the body; decode it once. */
const decoded = new WeakMap<Uint8Array, DecodedPart>();

/** XML parts are UTF-8 or UTF-16 (OPC allows both). A byte-order mark is kept in the string. */
export function decodePart(bytes: Uint8Array): DecodedPart {
  let part = decoded.get(bytes);
  if (!part) {
    const encoding = detectEncoding(bytes);
    // fatal: invalid bytes would otherwise become U+FFFD and not round-trip to the same bytes.
    part = { text: new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes), encoding };
    decoded.set(bytes, part);
  }
  return part;
}

export function encodePart(text: string, encoding: TextEncoding): Uint8Array {
  if (encoding === 'utf-8') return new TextEncoder().encode(text);
  const out = new Uint8Array(text.length * 2);
  const view = new DataView(out.buffer);
  for (let i = 0; i < text.length; i++) view.setUint16(i * 2, text.charCodeAt(i), encoding === 'utf-16le');
  return out;
}

function detectEncoding(b: Uint8Array): TextEncoding {
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  if (b[0] === 0x3c && b[1] === 0x00) return 'utf-16le';
  if (b[0] === 0x00 && b[1] === 0x3c) return 'utf-16be';
  return 'utf-8';
}
