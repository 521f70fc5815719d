import { decodePart, encodePart, officeRelType } from './package';
import { scanXml } from './xml';
import { decodeXmlText } from './xml-chars';

/**
 * Relationship targets outside the package that Word, LibreOffice or the editor would follow on
 * their own or on a click: an attached template or a picture on a file share (which leaks the
 * reader's credentials to that server), `file:` and `javascript:` links. Only http, https and
 * mailto hyperlinks are kept. The others are not deleted but retargeted to INERT_TARGET: the
 * relationship and every r:id pointing at it stay, so Word and LibreOffice still open the file
 * (a dangling r:id is an error to Word), and nothing is fetched (see
 * docs/decisions/009-package-content-policy.md).
 */

export const INERT_TARGET = 'about:blank';

/** Relationship parts by OPC's naming rule: the rels of part `a/b.xml` are `a/_rels/b.xml.rels`. */
export const RELS_PART_NAME = /(^|\/)_rels\/[^/]*\.rels$/i;

const RELS_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const KEPT_LINK = /^(https?:\/\/|mailto:)/i;
/** A target with a URI scheme, or a UNC or protocol-relative path: never a part of the package. */
const OUTSIDE = /^([a-z][a-z0-9+.-]*:|[\\/]{2})/i;

export interface DroppedTarget {
  readonly id: string;
  readonly type: string;
  readonly target: string;
}

/**
 * The relationship part with every unsafe target retargeted, and what was dropped; undefined
 * when nothing was. Throws XmlError if the part is not well-formed (then nobody can say what it
 * points at, so the package is refused).
 */
export function dropUnsafeTargets(bytes: Uint8Array): { bytes: Uint8Array; dropped: DroppedTarget[] } | undefined {
  const { text, encoding } = decodePart(bytes);
  const dropped: DroppedTarget[] = [];
  const splices: { start: number; end: number }[] = [];
  scanXml(text, {
    open(tag) {
      if (tag.ns !== RELS_NS || tag.local !== 'Relationship') return;
      const attr = (name: string) => tag.attrs.find((a) => a.qname === name);
      const target = attr('Target');
      if (!target) return;
      const type = decodeXmlText(attr('Type')?.value ?? '');
      const value = decodeXmlText(target.value);
      const external = decodeXmlText(attr('TargetMode')?.value ?? '').trim().toLowerCase() === 'external';
      if (isKept(type, value.trim(), external, value)) return;
      dropped.push({ id: decodeXmlText(attr('Id')?.value ?? ''), type, target: value });
      splices.push({ start: target.valueStart, end: target.valueStart + target.value.length });
    },
  });
  if (splices.length === 0) return undefined;
  let out = '';
  let at = 0;
  for (const s of splices) {
    out += text.slice(at, s.start) + INERT_TARGET;
    at = s.end;
  }
  return { bytes: encodePart(out + text.slice(at), encoding), dropped };
}

function isKept(type: string, trimmed: string, external: boolean, raw: string): boolean {
  if (!external) return !OUTSIDE.test(trimmed) && !trimmed.startsWith('\\');
  // Leading spaces or control characters are how a `javascript:` link hides from a scheme check.
  return officeRelType(type) === 'hyperlink' && trimmed === raw && KEPT_LINK.test(raw);
}
