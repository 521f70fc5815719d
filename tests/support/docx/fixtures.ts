import { type Zippable, zipSync } from 'fflate';
import type { Insertion } from '../../../server/docx/para-ids';

/**
 * Test and benchmark fixtures, not used by the upload pipeline: small valid .docx packages with
 * every piece replaceable (so a test can break exactly one thing), and the inverse of the
 * paragraph-id insertions.
 */

export const W_MAIN_NS = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
export const DOCX_MAIN_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';
const R_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const W14_NS = 'http://schemas.microsoft.com/office/word/2010/wordml';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export interface SyntheticDocx {
  /** Inner XML of w:body. */
  readonly body?: string;
  /** Extra attributes for the w:document start tag, e.g. namespace declarations. */
  readonly rootAttrs?: string;
  /** Replaces the whole word/document.xml. */
  readonly documentXml?: string | Uint8Array;
  /** Inner XML of each header part (word/header1.xml, ...), linked from the document. */
  readonly headers?: readonly string[];
  /** Inner XML of w:footnotes, linked from the document. */
  readonly footnotes?: string;
  /** Inner XML of w:comments (w14 declared), linked from the document. */
  readonly comments?: string;
  /** Inner XML of w:styles, linked from the document; without it the styles part is empty and unlinked. */
  readonly styles?: string;
  readonly mainContentType?: string;
  /** Parts added as they are (name -> content), e.g. a picture. */
  readonly extraParts?: Readonly<Record<string, string | Uint8Array>>;
  /** Parts to leave out, e.g. '[Content_Types].xml'. */
  readonly omit?: readonly string[];
  /** fflate deflate level; 0 stores. */
  readonly level?: 0 | 1 | 6 | 9;
}

export function paragraphXml(text: string): string {
  return `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function buildDocx(spec: SyntheticDocx = {}): Uint8Array {
  const headers = spec.headers ?? [];
  const rels: string[] = headers.map((_, i) => rel(`rIdH${i + 1}`, 'header', `header${i + 1}.xml`));
  const overrides = [override('/word/document.xml', spec.mainContentType ?? DOCX_MAIN_CONTENT_TYPE)];
  const parts: Record<string, string | Uint8Array> = {};

  headers.forEach((inner, i) => {
    parts[`word/header${i + 1}.xml`] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:hdr xmlns:w="${W_MAIN_NS}">${inner}</w:hdr>`;
    overrides.push(override(`/word/header${i + 1}.xml`, 'application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml'));
  });
  if (spec.footnotes !== undefined) {
    parts['word/footnotes.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:footnotes xmlns:w="${W_MAIN_NS}">${spec.footnotes}</w:footnotes>`;
    overrides.push(override('/word/footnotes.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml'));
    rels.push(rel('rIdF', 'footnotes', 'footnotes.xml'));
  }
  if (spec.comments !== undefined) {
    parts['word/comments.xml'] = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:comments xmlns:w="${W_MAIN_NS}" xmlns:w14="${W14_NS}">${spec.comments}</w:comments>`;
    overrides.push(override('/word/comments.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml'));
    rels.push(rel('rIdC', 'comments', 'comments.xml'));
  }
  if (spec.styles !== undefined) {
    overrides.push(override('/word/styles.xml', 'application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml'));
    rels.push(rel('rIdS', 'styles', 'styles.xml'));
  }
  for (const name of Object.keys(spec.extraParts ?? {})) {
    if (name.startsWith('word/media/')) rels.push(rel(`rId${name.replace(/\W/g, '')}`, 'image', name.slice('word/'.length)));
  }

  Object.assign(parts, {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>' +
      `${overrides.join('')}</Types>`,
    '_rels/.rels': relsXml([rel('rId1', 'officeDocument', 'word/document.xml')]),
    'word/_rels/document.xml.rels': relsXml(rels),
    'word/document.xml':
      spec.documentXml ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="${W_MAIN_NS}" xmlns:r="${R_NS}"${spec.rootAttrs ? ` ${spec.rootAttrs}` : ''}><w:body>${spec.body ?? paragraphXml('Hello world')}</w:body></w:document>`,
    'word/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:styles xmlns:w="${W_MAIN_NS}"${spec.styles === undefined ? '/>' : `>${spec.styles}</w:styles>`}`,
    ...spec.extraParts,
  });
  const zippable: Zippable = {};
  for (const [name, content] of Object.entries(parts)) {
    if (spec.omit?.includes(name)) continue;
    zippable[name] = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  }
  return zipSync(zippable, { level: spec.level ?? 6 });
}

function rel(id: string, type: string, target: string): string {
  return `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`;
}

function relsXml(rels: readonly string[]): string {
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`;
}

function override(partName: string, contentType: string): string {
  return `<Override PartName="${partName}" ContentType="${contentType}"/>`;
}

/**
 * Undoes addParagraphIds' insertions (sorted, offsets into the original) in the edited text,
 * checking each one is where it should be and putting back any value it replaced.
 */
export function undoInsertions(edited: string, insertions: readonly Insertion[]): string {
  let original = '';
  let cursor = 0;
  let shift = 0;
  for (const ins of insertions) {
    const at = ins.offset + shift;
    if (edited.slice(at, at + ins.text.length) !== ins.text) throw new Error(`insertion ${JSON.stringify(ins.text)} is not at ${at}`);
    original += edited.slice(cursor, at) + ins.replaced;
    cursor = at + ins.text.length;
    shift += ins.text.length - ins.replaced.length;
  }
  return original + edited.slice(cursor);
}
