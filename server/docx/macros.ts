import { scanXml } from './xml';
import { decodeXmlText } from './xml-chars';
import type { ZipEntry } from './zip-read';

/**
 * Macro-enabled packages (.docm, .dotm) are refused: their VBA runs on the computer of whoever
 * opens the stored copy, and we cannot tell a harmless macro from a harmful one. Any of the
 * three signs is enough: a VBA part by name, a macro content type, a VBA relationship.
 */

/** Main-part content types of .docm and .dotm (lower case, as parseContentTypes returns them). */
export const WORD_MACRO_MAIN_TYPES: ReadonlySet<string> = new Set([
  'application/vnd.ms-word.document.macroenabled.main+xml',
  'application/vnd.ms-word.template.macroenabledtemplate.main+xml',
]);

const MACRO_TYPE = /macroenabled|^application\/vnd\.ms-office\.vbaproject|^application\/vnd\.ms-word\.vbadata\+xml$/;
const MACRO_PART = /(^|\/)(vbaProject\.bin|vbaData\.xml|vbaProjectSignature[^/]*\.bin)$/i;
/** Relationship types, by last segment: Word's are under schemas.microsoft.com, not the Office base. */
const MACRO_REL = /\/(vbaProject|wordVbaData|vbaProjectSignature[A-Za-z]*)$/i;
const CT_NS = 'http://schemas.openxmlformats.org/package/2006/content-types';

export const MACROS_REASON =
  'This document contains macros (a macro-enabled Word file, .docm or .dotm). Macros can run programs on the computer of whoever opens the file, so we do not accept them. In Word, save it as "Word Document (.docx)", which leaves the macros out, and upload that copy.';

/** Why the package counts as macro-enabled, or undefined. */
export function macroProblem(entries: readonly ZipEntry[], contentTypesXml: string, relTypes: readonly string[]): string | undefined {
  const part = entries.find((e) => MACRO_PART.test(e.name));
  if (part) return `has ${part.name}`;
  let type: string | undefined;
  scanXml(contentTypesXml, {
    open(tag) {
      if (tag.ns !== CT_NS || type !== undefined) return;
      const value = decodeXmlText(tag.attrs.find((a) => a.qname === 'ContentType')?.value ?? '').trim().toLowerCase();
      if (MACRO_TYPE.test(value)) type = value;
    },
  });
  if (type !== undefined) return `declares content type ${type}`;
  const rel = relTypes.find((t) => MACRO_REL.test(t));
  return rel === undefined ? undefined : `has a ${rel} relationship`;
}
