/**
 * Names what a non-ZIP upload probably is, from its first bytes, so the refusal tells the user
 * what they picked ("a PNG image") instead of "invalid file".
 */

const SAVE_AS = 'Open it in Word and save it as a Word document (.docx), then upload it again.';

interface Signature {
  readonly at?: number;
  readonly bytes: readonly number[] | string;
  readonly what: string;
  readonly advice?: string;
}

const SIGNATURES: readonly Signature[] = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], what: 'a PNG image' },
  { bytes: [0xff, 0xd8, 0xff], what: 'a JPEG image' },
  { bytes: 'GIF8', what: 'a GIF image' },
  { bytes: 'II*\0', what: 'a TIFF image' },
  { bytes: 'MM\0*', what: 'a TIFF image' },
  { at: 8, bytes: 'WEBP', what: 'a WebP image' },
  { bytes: '%PDF-', what: 'a PDF document', advice: 'Word can open PDFs and save them as .docx.' },
  { bytes: '{\\rtf', what: 'a Rich Text Format (.rtf) document', advice: SAVE_AS },
  { bytes: 'Rar!', what: 'a RAR archive' },
  { bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], what: 'a 7-Zip archive' },
  { bytes: [0x1f, 0x8b], what: 'a gzip archive' },
  { bytes: 'MZ', what: 'a Windows program' },
  { bytes: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' },
];

/** A user-facing sentence for bytes that are neither a ZIP nor an OLE compound file. */
export function describeNonZip(bytes: Uint8Array): string {
  if (bytes.length === 0) return 'The file is empty. Choose the Word document again and upload it.';
  const sig = SIGNATURES.find((s) => startsWith(bytes, s.bytes, s.at ?? 0));
  if (sig) return `This file is ${sig.what}, not a Word document.${sig.advice ? ` ${sig.advice}` : ''}`;

  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '');
  const start = head.trimStart().toLowerCase();
  if (/progid="word\.document"|<w:worddocument[\s>]/.test(start)) {
    return `This is a Word 2003 XML document renamed to .docx. ${SAVE_AS}`;
  }
  if (start.includes('<pkg:package')) return `This is a Word XML document (Flat OPC) renamed to .docx. ${SAVE_AS}`;
  if (start.startsWith('mime-version:')) return `This is a single-file web page (.mht), not a Word document. ${SAVE_AS}`;
  if (/^<!doctype html|^<html[\s>]/.test(start)) return `This is a web page (HTML), not a Word document. ${SAVE_AS}`;
  if (start.startsWith('<')) return 'This is an XML file, not a Word document.';
  if (looksLikeText(bytes.subarray(0, 2048))) return `This is a plain text file, not a Word document. ${SAVE_AS}`;
  return 'This file is not a Word document (.docx). Choose a file saved by Word, LibreOffice or Google Docs as .docx.';
}

function startsWith(bytes: Uint8Array, sig: readonly number[] | string, at: number): boolean {
  const codes = typeof sig === 'string' ? [...sig].map((c) => c.charCodeAt(0)) : sig;
  return bytes.length >= at + codes.length && codes.every((c, i) => bytes[at + i] === c);
}

/** Valid UTF-8 (a cut-off last character allowed) with no control bytes other than whitespace. */
function looksLikeText(head: Uint8Array): boolean {
  for (const b of head) if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}
