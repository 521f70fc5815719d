import { type DtdProblem, dtdProblem } from './dtd';
import { type DroppedTarget, RELS_PART_NAME, dropUnsafeTargets } from './external-targets';
import { MAX_ARCHIVE_RATIO, MAX_STORY_XML_BYTES, MAX_TOTAL_UNCOMPRESSED_BYTES, MAX_ZIP_ENTRIES } from './limits';
import { MACROS_REASON, WORD_MACRO_MAIN_TYPES, macroProblem } from './macros';
import { classifyOle, isOle, type OleKind } from './ole';
import {
  type DocxPackage,
  type Relationship,
  W_NAMESPACES,
  WORD_MAIN_CONTENT_TYPES,
  decodePart,
  locateMainPart,
  locateStoryParts,
  parseContentTypes,
  parseRelationships,
  relsPartFor,
} from './package';
import { PackageParts, XML_PART_NAME } from './package-parts';
import { describeNonZip } from './sniff';
import { readStory } from './story';
import { type ZipEntry, ZipError, inflateEntry, readZipDirectory } from './zip-read';
import { writeZip } from './zip-write';

/** Stable codes for callers to branch on; `reason` is the sentence shown to the user. */
export type InspectFailureCode =
  | 'encrypted'
  | 'legacy_format'
  | 'not_docx'
  | 'damaged'
  | 'too_large'
  | 'not_word'
  | 'malformed_xml'
  | 'macros';

export interface InspectFailure {
  readonly ok: false;
  readonly code: InspectFailureCode;
  readonly reason: string;
  /** What exactly was wrong, for logs; not for users. */
  readonly detail?: string;
}

export type InspectResult =
  | {
      readonly ok: true;
      readonly pkg: DocxPackage;
      /** Relationship targets dropped (retargeted to INERT_TARGET) from the package in `pkg.archive`. */
      readonly dropped: readonly DroppedFrom[];
    }
  | InspectFailure;

export type DroppedFrom = DroppedTarget & { readonly part: string };

export const PASSWORD_PROTECTED_REASON = 'Password-protected documents are not supported';
const RESAVE = 'If it opens in Word, save it again as .docx and upload the new copy.';
export const DAMAGED_REASON = `The file is damaged or incomplete, so it cannot be opened. ${RESAVE}`;
const DTD_REASON =
  'This document contains a DTD declaration, which Word never writes and which can be used to attack programs that read the file, so it was not opened.';
const ENCODING_REASON =
  'Part of this document is written in a text encoding Word never uses, which can hide an attack on programs that read the file, so it was not opened.';
/** Content types that say "parse me as XML": application/xml, text/xml and every +xml type. */
const XML_CONTENT_TYPE = /(^|\/|\+)xml$/;
const COUNT = new Intl.NumberFormat('en');
/** How a malformed-part message names each kind of story part. */
const PART_NAMES: Record<string, string> = {
  officeDocument: 'main text',
  header: 'a header',
  footer: 'a footer',
  footnotes: 'the footnotes',
  endnotes: 'the endnotes',
  comments: 'the comments',
};

const fail = (code: InspectFailureCode, reason: string, detail?: string): InspectFailure => ({
  ok: false,
  code,
  reason,
  ...(detail === undefined ? {} : { detail }),
});

/**
 * Decides whether bytes are a Word document we can work on. Reads the ZIP defensively (sizes,
 * overlaps, CRCs, bomb limits), follows the package relationships to the main document, refuses
 * macros and DTDs, drops unsafe link targets (docs/decisions/009-package-content-policy.md), and
 * checks that every part holding paragraphs is well-formed XML. Never throws.
 */
export function inspectDocx(bytes: Uint8Array): InspectResult {
  try {
    return inspect(bytes);
  } catch (e) {
    if (e instanceof ZipError) return zipFailure(e);
    return fail('damaged', DAMAGED_REASON, e instanceof Error ? e.message : String(e));
  }
}

function inspect(bytes: Uint8Array): InspectResult {
  if (isOle(bytes)) return oleFailure(classifyOle(bytes));
  if (!(bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b)) return fail('not_docx', describeNonZip(bytes));

  const entries = readZipDirectory(bytes);
  const names = new Map(entries.map((e) => [e.name.toLowerCase(), e.name]));
  const find = (name: string) => names.get(name.toLowerCase());
  const contentTypesPart = find('[Content_Types].xml');
  const rootRelsPart = find('_rels/.rels');
  if (!contentTypesPart || !rootRelsPart) return foreignZip(bytes, entries, contentTypesPart ? '_rels/.rels' : '[Content_Types].xml');

  const parts = new PackageParts(bytes, entries);
  // The package index is read before the pass over every entry below, so its DTD check comes first.
  const read = (name: string) => {
    const data = parts.get(name)!;
    const dtd = dtdProblem(data, true);
    if (dtd) throw new PartRefused(name, dtd);
    return decodePart(data).text;
  };

  let index: PackageIndex | { failure: InspectFailure };
  try {
    index = readIndex(read, find, contentTypesPart, rootRelsPart);
  } catch (e) {
    if (e instanceof PartRefused) return e.failure();
    return fail('damaged', DAMAGED_REASON, `package index: ${String(e)}`);
  }
  if ('failure' in index) return index.failure;
  const { mainPart, typeOf } = index;
  const kind = WORD_MAIN_CONTENT_TYPES.get(index.contentType);
  if (!kind && !WORD_MACRO_MAIN_TYPES.has(index.contentType)) {
    return fail('not_word', describeOtherOffice(index.contentType), `main part content type ${index.contentType}`);
  }
  const macros = macroProblem(entries, index.contentTypesXml, index.relTypes);
  if (!kind || macros) return fail('macros', MACROS_REASON, macros ?? `main part content type ${index.contentType}`);
  if (!parts.has(mainPart)) return fail('damaged', DAMAGED_REASON, `${mainPart} is not an XML part name`);

  const stories = locateStoryParts(mainPart, index.mainRels, find, (p) => parts.has(p));
  const storyParts = stories.map((s) => s.part);
  const storyTypes = new Map(stories.map((s) => [s.part, PART_NAMES[s.type]!]));

  const checked = checkEveryEntry(bytes, entries, parts, storyTypes, typeOf);
  if ('failure' in checked) return checked.failure;

  const storyBytes = storyParts.reduce((sum, part) => sum + parts.get(part)!.length, 0);
  if (storyBytes > MAX_STORY_XML_BYTES) {
    return fail('too_large', `This document is too long for us to process: its text and formatting unpack to more than ${MAX_STORY_XML_BYTES / 1024 / 1024} MB. Split it into smaller documents and upload them separately.`, `${storyBytes} bytes of story XML`);
  }
  for (const part of storyParts) {
    const problem = xmlProblem(parts.get(part)!, part === mainPart);
    if (problem) return fail('malformed_xml', malformedReason(storyTypes.get(part)!), `${part}: ${problem}`);
  }
  if (checked.replaced.size === 0) return { ok: true, pkg: { archive: bytes, entries, parts, mainPart, kind, storyParts }, dropped: [] };
  // What is stored is the package without the dropped targets; everything after works on that.
  const stored = writeZip(bytes, entries, checked.replaced);
  const storedEntries = readZipDirectory(stored);
  const kept = new Map<string, Uint8Array>([...storyParts.map((p) => [p, parts.get(p)!] as const), ...checked.replaced]);
  const storedParts = new PackageParts(stored, storedEntries, kept);
  return { ok: true, pkg: { archive: stored, entries: storedEntries, parts: storedParts, mainPart, kind, storyParts }, dropped: checked.dropped };
}

interface PackageIndex {
  readonly mainPart: string;
  readonly contentType: string;
  readonly contentTypesXml: string;
  readonly typeOf: (part: string) => string | undefined;
  /** The package's and the main part's relationship types, for the macro check. */
  readonly relTypes: readonly string[];
  readonly mainRels: readonly Relationship[];
}

/** The content types, the main part and its relationships. Throws on unreadable XML. */
function readIndex(
  read: (name: string) => string,
  find: (name: string) => string | undefined,
  contentTypesPart: string,
  rootRelsPart: string,
): PackageIndex | { failure: InspectFailure } {
  const contentTypesXml = read(contentTypesPart);
  const typeOf = parseContentTypes(contentTypesXml);
  const rootRels = parseRelationships(read(rootRelsPart), '');
  const mainPart = locateMainPart(rootRels, find);
  if (!mainPart) return { failure: fail('damaged', DAMAGED_REASON, 'no officeDocument relationship to an existing part') };
  const contentType = typeOf(mainPart);
  if (!contentType) return { failure: fail('damaged', DAMAGED_REASON, `${mainPart} has no content type`) };
  const relsPart = find(relsPartFor(mainPart));
  let mainRels: Relationship[];
  try {
    mainRels = relsPart ? parseRelationships(read(relsPart), mainPart) : [];
  } catch (e) {
    if (e instanceof PartRefused) throw e;
    return { failure: fail('damaged', DAMAGED_REASON, `document relationships: ${String(e)}`) };
  }
  const relTypes = [...rootRels, ...mainRels].map((r) => r.type);
  return { mainPart, contentType, contentTypesXml, typeOf, relTypes, mainRels };
}

/**
 * Inflates every entry once: a broken picture is as much damage as broken text, and the limits
 * must hold for the real sizes, not only the declared ones. Whatever reads as XML, whatever its
 * name, is searched for a DTD; every relationship part has its unsafe targets dropped. Only the
 * story parts are kept in memory.
 */
function checkEveryEntry(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  parts: PackageParts,
  storyTypes: ReadonlyMap<string, string>,
  typeOf: (part: string) => string | undefined,
): { replaced: Map<string, Uint8Array>; dropped: DroppedFrom[] } | { failure: InspectFailure } {
  const replaced = new Map<string, Uint8Array>();
  const dropped: DroppedFrom[] = [];
  for (const entry of entries) {
    const data = storyTypes.has(entry.name) ? parts.get(entry.name)! : inflateEntry(bytes, entry);
    // OPC (M1.18) makes a DTD in any part an error: it is how entity-expansion and XXE attacks
    // reach whatever parses the file after us (the editor, converters, other tools).
    const dtd = dtdProblem(data, XML_PART_NAME.test(entry.name) || XML_CONTENT_TYPE.test(typeOf(entry.name) ?? ''));
    if (dtd) return { failure: new PartRefused(entry.name, dtd).failure() };
    if (!RELS_PART_NAME.test(entry.name)) continue;
    let result: ReturnType<typeof dropUnsafeTargets>;
    try {
      result = dropUnsafeTargets(data);
    } catch (e) {
      return { failure: fail('damaged', DAMAGED_REASON, `${entry.name}: ${String(e)}`) };
    }
    if (!result) continue;
    replaced.set(entry.name, result.bytes);
    dropped.push(...result.dropped.map((d) => ({ ...d, part: entry.name })));
  }
  return { replaced, dropped };
}

/** A part refused for what an XML parser could be led to do with it. */
class PartRefused extends Error {
  constructor(
    readonly part: string,
    readonly problem: DtdProblem,
  ) {
    super(`${part} ${problem.detail}`);
  }

  failure(): InspectFailure {
    return fail('malformed_xml', this.problem.kind === 'doctype' ? DTD_REASON : ENCODING_REASON, this.message);
  }
}

/** Why a story part cannot be used, or undefined. The main part must also be a w:document. */
function xmlProblem(bytes: Uint8Array, isMain: boolean): string | undefined {
  try {
    const { root } = readStory(bytes);
    if (isMain && !(W_NAMESPACES.has(root.ns) && root.local === 'document')) {
      return `root element is {${root.ns}}${root.local}, not w:document`;
    }
    return undefined;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

function zipFailure(e: ZipError): InspectFailure {
  switch (e.code) {
    case 'encrypted':
      return fail('encrypted', PASSWORD_PROTECTED_REASON, e.message);
    case 'too_many_entries':
      return fail('too_large', `This file holds more than ${COUNT.format(MAX_ZIP_ENTRIES)} parts, far more than a Word document has, so it was not opened.`, e.message);
    case 'too_large':
      return fail('too_large', `This document unpacks to more than ${MAX_TOTAL_UNCOMPRESSED_BYTES / 1024 / 1024} MB, more than we accept. Remove large pictures or embedded files and try again.`, e.message);
    case 'suspicious_ratio':
      return fail('too_large', `This file unpacks to more than ${MAX_ARCHIVE_RATIO} times its size, which is how ZIP bombs work and far more than Word documents do, so it was not opened.`, e.message);
    case 'damaged':
      return fail('damaged', DAMAGED_REASON, e.message);
  }
}

function oleFailure(kind: OleKind): InspectFailure {
  switch (kind) {
    case 'encrypted-package':
    case 'encrypted-doc':
      return fail('encrypted', PASSWORD_PROTECTED_REASON, `OLE container: ${kind}`);
    case 'doc':
      return fail('legacy_format', 'This is a Word 97-2003 (.doc) file renamed to .docx. Open it in Word and save it as .docx, then upload it again.');
    case 'xls':
      return fail('not_word', 'This is an Excel 97-2003 workbook (.xls), not a Word document.');
    case 'ppt':
      return fail('not_word', 'This is a PowerPoint 97-2003 presentation (.ppt), not a Word document.');
    case 'other':
      return fail('legacy_format', 'This is an older Microsoft Office file, not a Word document (.docx). Open it in the program that made it, save it as .docx, and upload it again.');
  }
}

/** A ZIP without the OPC index: an OpenDocument file, an e-book, a plain archive, or a broken .docx. */
function foreignZip(bytes: Uint8Array, entries: readonly ZipEntry[], missing: string): InspectFailure {
  const has = (name: string) => entries.find((e) => e.name.toLowerCase() === name);
  if (has('word/document.xml')) return fail('damaged', DAMAGED_REASON, `${missing} is missing`);
  // OpenDocument and EPUB name their type in a first, stored entry called "mimetype".
  const mimetypeEntry = has('mimetype');
  const mimetype = mimetypeEntry ? new TextDecoder().decode(inflateEntry(bytes, mimetypeEntry)).trim() : '';
  const odf: Record<string, string> = {
    'application/vnd.oasis.opendocument.text': 'an OpenDocument text file (.odt)',
    'application/vnd.oasis.opendocument.spreadsheet': 'an OpenDocument spreadsheet (.ods)',
    'application/vnd.oasis.opendocument.presentation': 'an OpenDocument presentation (.odp)',
    'application/epub+zip': 'an e-book (EPUB)',
  };
  const what = odf[mimetype];
  if (mimetype === 'application/vnd.oasis.opendocument.text') {
    return fail('not_word', `This is ${what}, not a .docx. Open it in Word or LibreOffice, save it as .docx, and upload it again.`);
  }
  return fail('not_word', `This is ${what ?? 'a ZIP archive'}, not a Word document.`, `${missing} is missing`);
}

function describeOtherOffice(contentType: string): string {
  if (/spreadsheetml|ms-excel/.test(contentType)) return 'This is an Excel workbook, not a Word document.';
  if (/presentationml|ms-powerpoint/.test(contentType)) return 'This is a PowerPoint presentation, not a Word document.';
  if (contentType.includes('ms-visio')) return 'This is a Visio drawing, not a Word document.';
  return 'This is an Office file, but not a Word document.';
}

function malformedReason(where: string): string {
  return `Part of this document (${where}) is not valid XML, so it cannot be opened safely. ${RESAVE}`;
}
