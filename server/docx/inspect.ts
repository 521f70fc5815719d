import { MAX_STORY_XML_BYTES, MAX_TOTAL_UNCOMPRESSED_BYTES, MAX_ZIP_ENTRIES } from './limits';
import { classifyOle, isOle, type OleKind } from './ole';
import {
  type DocxPackage,
  W_NAMESPACES,
  WORD_MAIN_CONTENT_TYPES,
  decodePart,
  isStoryRelType,
  officeRelType,
  parseContentTypes,
  parseRelationships,
  relsPartFor,
} from './package';
import { describeNonZip } from './sniff';
import { readStory } from './story';
import { type ZipEntry, ZipError, inflateEntry, readZipDirectory } from './zip-read';

/** Stable codes for callers to branch on; `reason` is the sentence shown to the user. */
export type InspectFailureCode =
  | 'encrypted'
  | 'legacy_format'
  | 'not_docx'
  | 'damaged'
  | 'too_large'
  | 'not_word'
  | 'malformed_xml';

export interface InspectFailure {
  readonly ok: false;
  readonly code: InspectFailureCode;
  readonly reason: string;
  /** What exactly was wrong, for logs; not for users. */
  readonly detail?: string;
}

export type InspectResult = { readonly ok: true; readonly pkg: DocxPackage } | InspectFailure;

export const PASSWORD_PROTECTED_REASON = 'Password-protected documents are not supported';
const RESAVE = 'If it opens in Word, save it again as .docx and upload the new copy.';
export const DAMAGED_REASON = `The file is damaged or incomplete, so it cannot be opened. ${RESAVE}`;
const DTD_REASON =
  'This document contains a DTD declaration, which Word never writes and which can be used to attack programs that read the file, so it was not opened.';
const DTD_NEEDLES = [
  Buffer.from('<!DOCTYPE', 'utf8'),
  Buffer.from('<!DOCTYPE', 'utf16le'),
  Buffer.from('<!DOCTYPE', 'utf16le').swap16(), // UTF-16BE
];
const COUNT = new Intl.NumberFormat('en');
/** How a malformed-part message names each kind of story part. */
const PART_NAMES: Record<string, string> = {
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
 * overlaps, CRCs, bomb limits), follows the package relationships to the main document, and
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
  const parts = new Map<string, Uint8Array>();
  // Inflate everything once: a broken picture is as much damage as broken text, and the limits
  // must hold for the real sizes, not only the declared ones. Only XML is kept in memory.
  for (const entry of entries) {
    const data = inflateEntry(bytes, entry);
    if (/\.(xml|rels)$/i.test(entry.name)) parts.set(entry.name, data);
  }

  // OPC (M1.18) makes a DTD in any part an error: it is how entity-expansion and XXE attacks
  // reach whatever parses the file after us (the editor, converters, other tools).
  const withDtd = [...parts].find(([, data]) => DTD_NEEDLES.some((n) => Buffer.from(data.buffer, data.byteOffset, data.byteLength).includes(n)));
  if (withDtd) return fail('malformed_xml', DTD_REASON, `${withDtd[0]} has a DOCTYPE`);

  const names = new Map(entries.map((e) => [e.name.toLowerCase(), e.name]));
  const find = (name: string) => names.get(name.toLowerCase());
  const read = (name: string) => decodePart(parts.get(name)!).text;

  const contentTypesPart = find('[Content_Types].xml');
  const rootRelsPart = find('_rels/.rels');
  if (!contentTypesPart || !rootRelsPart) return foreignZip(bytes, entries, contentTypesPart ? '_rels/.rels' : '[Content_Types].xml');

  let mainPart: string | undefined;
  let contentType: string | undefined;
  try {
    const typeOf = parseContentTypes(read(contentTypesPart));
    const main = parseRelationships(read(rootRelsPart), '').find((r) => officeRelType(r.type) === 'officeDocument');
    mainPart = main?.part === undefined ? undefined : find(main.part);
    if (!mainPart) return fail('damaged', DAMAGED_REASON, 'no officeDocument relationship to an existing part');
    contentType = typeOf(mainPart);
  } catch (e) {
    return fail('damaged', DAMAGED_REASON, `package index: ${String(e)}`);
  }
  if (!contentType) return fail('damaged', DAMAGED_REASON, `${mainPart} has no content type`);
  const kind = WORD_MAIN_CONTENT_TYPES.get(contentType);
  if (!kind) return fail('not_word', describeOtherOffice(contentType), `main part content type ${contentType}`);
  if (!parts.has(mainPart)) return fail('damaged', DAMAGED_REASON, `${mainPart} is not an XML part name`);

  const storyParts = [mainPart];
  const storyTypes = new Map<string, string>([[mainPart, 'main text']]);
  try {
    const relsPart = find(relsPartFor(mainPart));
    const rels = relsPart ? parseRelationships(read(relsPart), mainPart) : [];
    for (const rel of rels) {
      const part = rel.part === undefined ? undefined : find(rel.part);
      // A missing header is Word's problem to report, not a reason to refuse the body.
      if (part && parts.has(part) && isStoryRelType(rel.type) && !storyTypes.has(part)) {
        storyParts.push(part);
        storyTypes.set(part, PART_NAMES[officeRelType(rel.type)!]!);
      }
    }
  } catch (e) {
    return fail('damaged', DAMAGED_REASON, `document relationships: ${String(e)}`);
  }

  const storyBytes = storyParts.reduce((sum, part) => sum + parts.get(part)!.length, 0);
  if (storyBytes > MAX_STORY_XML_BYTES) {
    return fail('too_large', `This document is too long for us to process: its text and formatting unpack to more than ${MAX_STORY_XML_BYTES / 1024 / 1024} MB. Split it into smaller documents and upload them separately.`, `${storyBytes} bytes of story XML`);
  }
  for (const part of storyParts) {
    const problem = xmlProblem(parts.get(part)!, part === mainPart);
    if (problem) return fail('malformed_xml', malformedReason(storyTypes.get(part)!), `${part}: ${problem}`);
  }
  return { ok: true, pkg: { archive: bytes, entries, parts, mainPart, kind, storyParts } };
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
      return fail('too_large', 'This file contains a part that unpacks to hundreds of times its stored size, which is how ZIP bombs work, so it was not opened.', e.message);
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
