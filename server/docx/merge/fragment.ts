import { scanXml } from '../xml';

/**
 * Moves a piece of the editor's XML (a paragraph the merge could not be sure of, a table the user
 * added) into the base part. The two parts may bind prefixes differently and number their
 * relationships differently, so every prefix the piece uses is declared on it when the base does
 * not bind it the same way, and every relationship id is translated to the base's.
 */

const REL_NAMESPACES = new Set([
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships',
  'http://purl.oclc.org/ooxml/officeDocument/relationships',
]);

/** Translates one of the editor part's relationship ids into the base part's, adding it if new. */
export type RelationshipMap = (editedId: string) => string;

/**
 * `fragment` is well-formed XML from the edited part, `editedDecls` the namespace declarations in
 * force where it was (as ` xmlns:p="uri"` text), `baseDecls` the base part's root bindings.
 */
export function adoptFragment(fragment: string, editedDecls: string, baseDecls: ReadonlyMap<string, string>, mapRelationship: RelationshipMap): string {
  const head = `<x${editedDecls}>`;
  const src = `${head}${fragment}</x>`;
  const bound = new Map<string, string>();
  for (const m of editedDecls.matchAll(/\sxmlns(?::([\w.-]+))?="([^"]*)"/g)) bound.set(m[1] ?? '', m[2]!);
  const used = new Set<string>();
  const ridEdits: { start: number; end: number; text: string }[] = [];
  let firstNameEnd = -1;
  scanXml(src, {
    open(tag) {
      if (tag.depth === 0) return;
      if (firstNameEnd < 0) firstNameEnd = tag.nameEnd - head.length;
      const colon = tag.qname.indexOf(':');
      used.add(colon < 0 ? '' : tag.qname.slice(0, colon));
      for (const a of tag.attrs) {
        const c = a.qname.indexOf(':');
        if (c > 0 && !a.qname.startsWith('xmlns')) used.add(a.qname.slice(0, c));
        if (REL_NAMESPACES.has(a.ns) && a.value !== '') {
          const mapped = mapRelationship(a.value);
          if (mapped !== a.value) ridEdits.push({ start: a.valueStart - head.length, end: a.valueStart - head.length + a.value.length, text: mapped });
        }
      }
    },
  });
  let out = fragment;
  for (const e of ridEdits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  const declare = [...used]
    .filter((p) => bound.has(p) && baseDecls.get(p) !== bound.get(p))
    .map((p) => ` ${p ? `xmlns:${p}` : 'xmlns'}="${bound.get(p)}"`)
    .join('');
  if (!declare || firstNameEnd < 0) return out;
  // Declarations go on the piece's first element, before rid edits shift anything: they came first.
  return out.slice(0, firstNameEnd) + declare + out.slice(firstNameEnd);
}
