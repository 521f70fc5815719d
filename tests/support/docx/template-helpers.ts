/** Reads a generated package back for the template tests: parts, XML checks and paragraphs. */
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, unzipSync } from 'fflate';

export const REQUIRED_PARTS = [
  '[Content_Types].xml',
  '_rels/.rels',
  'word/document.xml',
  'word/_rels/document.xml.rels',
  'word/styles.xml',
  'word/numbering.xml',
  'word/settings.xml',
  'docProps/core.xml',
  'docProps/app.xml',
];

export function readParts(docx: Uint8Array): Record<string, string> {
  return Object.fromEntries(Object.entries(unzipSync(docx)).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

/**
 * `true` when well-formed, otherwise the complaint, so a failing test says where. The validator
 * does not know namespaces, and Word refuses a part that uses an undeclared prefix, so that is
 * checked here too.
 */
export function wellFormed(xml: string): true | string {
  const result = XMLValidator.validate(xml);
  if (result !== true) return `${result.err.code} at ${result.err.line}:${result.err.col}: ${result.err.msg}`;
  const used = new Set([...xml.matchAll(/<\/?([A-Za-z][\w.-]*):|\s([A-Za-z][\w.-]*):[\w.-]+=/g)].map((m) => m[1] ?? m[2]));
  const undeclared = [...used].filter((p) => p !== 'xml' && p !== 'xmlns' && !xml.includes(`xmlns:${p}="`));
  return undeclared.length === 0 ? true : `undeclared namespace prefix: ${undeclared.join(', ')}`;
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

export type Paragraph = { paraId: string; textId: string; style: string; text: string };

/** Paragraphs never nest in the generated XML, so a non-greedy match finds each one. */
export function paragraphs(documentXml: string): Paragraph[] {
  return [...documentXml.matchAll(/<w:p( [^>]*)?>(.*?)<\/w:p>/g)].map((m) => {
    const attrs = m[1] ?? '';
    const inner = m[2] ?? '';
    return {
      paraId: /w14:paraId="([^"]*)"/.exec(attrs)?.[1] ?? '',
      textId: /w14:textId="([^"]*)"/.exec(attrs)?.[1] ?? '',
      style: /<w:pStyle w:val="([^"]*)"\/>/.exec(inner)?.[1] ?? '',
      text: [...inner.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>|<w:(tab|br)\/>/g)]
        .map((t) => (t[2] === 'tab' ? '\t' : t[2] === 'br' ? '\n' : decode(t[1] ?? '')))
        .join(''),
    };
  });
}

/** Every part the package holds must have a content type, and every relationship a target (inside the package unless it is marked External). */
export function packageProblems(parts: Record<string, string>): string[] {
  const problems: string[] = [];
  const types = parts['[Content_Types].xml'] ?? '';
  for (const name of Object.keys(parts)) {
    const ext = name.split('.').pop() ?? '';
    if (!types.includes(`PartName="/${name}"`) && !types.includes(`Extension="${ext}"`)) problems.push(`no content type: ${name}`);
  }
  for (const [relsName, base] of [
    ['_rels/.rels', ''],
    ['word/_rels/document.xml.rels', 'word/'],
  ] as const) {
    for (const [relationship] of (parts[relsName] ?? '').matchAll(/<Relationship\b[^>]*>/g)) {
      const target = /\bTarget="([^"]+)"/.exec(relationship)?.[1];
      if (/\bTargetMode="External"/.test(relationship)) continue;
      if (target === undefined || !(`${base}${target}` in parts)) problems.push(`${relsName} points at a missing part: ${target}`);
    }
  }
  return problems;
}
