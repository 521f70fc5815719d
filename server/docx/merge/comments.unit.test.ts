import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../tests/support/docx/fixtures';
import { inspectDocx } from '../inspect';
import { W14_NS } from '../package';
import { mergeSave } from './merge';

/**
 * The assistant's tracked change carries a Word comment saying why (issue 16): the editor writes
 * the comment's parts (comments.xml, commentsExtended.xml, commentsIds.xml,
 * commentsExtensible.xml, their relationships and content types) and anchors it around the
 * w:del/w:ins pair. The save merge must keep all of it, as the editor wrote it here (a save taken
 * from Chromium, namespace declarations trimmed).
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const NS =
  `xmlns:w="${W}" xmlns:w14="${W14_NS}" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" ` +
  'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" xmlns:w16cid="http://schemas.microsoft.com/office/word/2016/wordml/cid" ' +
  'xmlns:w16cex="http://schemas.microsoft.com/office/word/2018/wordml/cex" mc:Ignorable="w14 w15 w16cid w16cex"';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml';

const BOLD_RED = '<w:rPr><w:b/><w:color w:val="FF0000"/></w:rPr>';
const p = (id: string, inner: string) => `<w:p w14:paraId="${id}" w14:textId="77777777">${inner}</w:p>`;
const r = (text: string, rPr = '') => `<w:r>${rPr}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const KEEP = p('00000001', r('Keep me exactly as I am.'));
const PLAIN = p('00000003', r('Invoices are payable within 30 days.'));
const SHALL = p('00000002', r('The Supplier ') + r('shall', BOLD_RED) + r(' pay.'));

const REASON = 'House style: "shall" → "must"';
const DATE = '2031-01-01T00:00:00.000Z';
/** The paragraph as the editor writes it after the suggestion and its comment (id 7). */
const SUGGESTED = p(
  '00000002',
  r('The Supplier ') +
    '<w:commentRangeStart w:id="7"/>' +
    `<w:del w:id="1000001" w:author="AI Assistant" w:date="${DATE}"><w:r>${BOLD_RED}<w:delText>shall</w:delText></w:r></w:del>` +
    `<w:ins w:id="1000002" w:author="AI Assistant" w:date="${DATE}"><w:r>${BOLD_RED}<w:t>must</w:t></w:r></w:ins>` +
    '<w:commentRangeEnd w:id="7"/><w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:commentReference w:id="7"/></w:r>' +
    r(' pay.'),
);

const comment = (id: number, paraId: string, text: string, author = 'AI Assistant') =>
  `<w:comment w:id="${id}" w:author="${author}" w:initials="" w:date="2031-01-01T00:00:00Z"><w:p w14:paraId="${paraId}">` +
  `<w:r><w:rPr><w:rStyle w:val="CommentReference"/></w:rPr><w:annotationRef/></w:r><w:r><w:t>${text}</w:t></w:r></w:p></w:comment>`;
const NEW_COMMENT = comment(7, '4E50C806', REASON.replace(/"/g, '&quot;'));

/** The four comment parts as the editor writes them, for `comments` (id, last paragraph's id, durable id). */
function editorCommentParts(comments: string, ids: ReadonlyArray<{ paraId: string; durableId: string }>) {
  return {
    'word/comments.xml': `${HEAD}<w:comments ${NS}>${comments}</w:comments>`,
    'word/commentsExtended.xml': `${HEAD}<w15:commentsEx ${NS}>${ids.map((c) => `<w15:commentEx w15:paraId="${c.paraId}" w15:done="0" />`).join('')}</w15:commentsEx>`,
    'word/commentsIds.xml': `${HEAD}<w16cid:commentsIds ${NS}>${ids.map((c) => `<w16cid:commentId w16cid:paraId="${c.paraId}" w16cid:durableId="${c.durableId}" />`).join('')}</w16cid:commentsIds>`,
    'word/commentsExtensible.xml': `${HEAD}<w16cex:commentsExtensible ${NS}>${ids.map((c) => `<w16cex:commentExtensible w16cex:durableId="${c.durableId}" w16cex:dateUtc="2031-01-01T00:00:00Z"/>`).join('')}</w16cex:commentsExtensible>`,
  };
}

const PART_TYPES: Record<string, { rel: string; ct: string }> = {
  'comments.xml': { rel: `${REL}/comments`, ct: `${CT}.comments+xml` },
  'commentsExtended.xml': { rel: 'http://schemas.microsoft.com/office/2011/relationships/commentsExtended', ct: `${CT}.commentsExtended+xml` },
  'commentsIds.xml': { rel: 'http://schemas.microsoft.com/office/2016/09/relationships/commentsIds', ct: `${CT}.commentsIds+xml` },
  'commentsExtensible.xml': { rel: 'http://schemas.microsoft.com/office/2018/08/relationships/commentsExtensible', ct: `${CT}.commentsExtensible+xml` },
};

/**
 * The editor's save of `base`: document.xml's body replaced, the comment parts written, and (as
 * its selective save does) each part it lacks given an Override and, when the document has a
 * relationships part, a relationship.
 */
function editorSave(base: Uint8Array, body: string, parts: Record<string, string>): Uint8Array {
  const files = unzipSync(base);
  const text = (name: string) => strFromU8(files[name]!);
  files['word/document.xml'] = strToU8(text('word/document.xml').replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${body}</w:body>`));
  let types = text('[Content_Types].xml');
  const relsName = 'word/_rels/document.xml.rels';
  let rels = files[relsName] ? text(relsName) : undefined;
  let n = 100;
  for (const [name, xml] of Object.entries(parts)) {
    files[name] = strToU8(xml);
    const target = name.slice('word/'.length);
    const kind = PART_TYPES[target]!;
    if (!types.includes(`/${name}"`)) types = types.replace('</Types>', `<Override PartName="/${name}" ContentType="${kind.ct}"/></Types>`);
    if (rels !== undefined && !rels.includes(`Target="${target}"`)) rels = rels.replace('</Relationships>', `<Relationship Id="rId${n++}" Type="${kind.rel}" Target="${target}"/></Relationships>`);
  }
  files['[Content_Types].xml'] = strToU8(types);
  if (rels !== undefined) files[relsName] = strToU8(rels);
  return zipSync(files);
}

function partsOf(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  return (name: string) => (files[name] ? strFromU8(files[name]) : undefined);
}

const bodyOf = (xml: string) => /<w:body>([\s\S]*)<\/w:body>/.exec(xml)![1]!;

/** The relationship targets of the main part, by type. */
function relatedParts(rels: string | undefined): Map<string, string> {
  return new Map([...(rels ?? '').matchAll(/<Relationship\b[^>]*\bType="([^"]+)"[^>]*\bTarget="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
}

describe('mergeSave: the comment on the assistant\'s tracked change', () => {
  it('keeps the comment, its companion parts, their relationships and content types, and the anchors around w:del/w:ins', () => {
    const base = buildDocx({ body: KEEP + SHALL + PLAIN, rootAttrs: `xmlns:w14="${W14_NS}"` });
    const edited = editorSave(base, KEEP + SUGGESTED + PLAIN, editorCommentParts(NEW_COMMENT, [{ paraId: '4E50C806', durableId: '66F13334' }]));

    const { bytes, report } = mergeSave(base, edited);

    expect(report.merged).toBe(true);
    const part = partsOf(bytes);
    // The other paragraphs keep their bytes; the edited one has the change and the comment's anchors around it.
    const body = bodyOf(part('word/document.xml')!);
    expect(body.startsWith(KEEP)).toBe(true);
    expect(body.endsWith(PLAIN)).toBe(true);
    expect(body).toMatch(/<w:commentRangeStart w:id="7"\/><w:del\b[^>]*w:author="AI Assistant"[^>]*>[\s\S]*?shall[\s\S]*?<\/w:del><w:ins\b[^>]*>[\s\S]*?must[\s\S]*?<\/w:ins><w:commentRangeEnd w:id="7"\/>/);
    expect(body).toContain('<w:commentReference w:id="7"/>');
    expect(body).toMatch(/<w:del\b[^>]*><w:r[^>]*><w:rPr><w:b\/><w:color w:val="FF0000"\/><\/w:rPr><w:delText>shall<\/w:delText>/);

    expect(part('word/comments.xml')).toContain(NEW_COMMENT);
    expect(part('word/commentsExtended.xml')).toContain('<w15:commentEx w15:paraId="4E50C806" w15:done="0" />');
    expect(part('word/commentsIds.xml')).toContain('w16cid:durableId="66F13334"');
    expect(part('word/commentsExtensible.xml')).toContain('w16cex:durableId="66F13334"');
    const related = relatedParts(part('word/_rels/document.xml.rels'));
    for (const [target, { rel, ct }] of Object.entries(PART_TYPES)) {
      expect(related.get(rel), target).toBe(target);
      expect(part('[Content_Types].xml'), target).toContain(`<Override PartName="/word/${target}" ContentType="${ct}"/>`);
    }
    // Still a package the server accepts, with the comment among its story parts.
    const inspected = inspectDocx(bytes);
    expect(inspected.ok && inspected.pkg.storyParts).toEqual(['word/document.xml', 'word/comments.xml']);
  });

  it('keeps them when the base has no relationships part for its document (the editor then writes none either)', () => {
    const base = buildDocx({ body: KEEP + SHALL + PLAIN, rootAttrs: `xmlns:w14="${W14_NS}"`, omit: ['word/_rels/document.xml.rels', 'word/styles.xml'] });
    expect(partsOf(base)('word/_rels/document.xml.rels')).toBeUndefined();
    const edited = editorSave(base, KEEP + SUGGESTED + PLAIN, editorCommentParts(NEW_COMMENT, [{ paraId: '4E50C806', durableId: '66F13334' }]));

    const part = partsOf(mergeSave(base, edited).bytes);

    expect(part('word/comments.xml')).toContain(NEW_COMMENT);
    const related = relatedParts(part('word/_rels/document.xml.rels'));
    expect(related.get(`${REL}/comments`)).toBe('comments.xml');
    expect(related.get(PART_TYPES['commentsExtended.xml']!.rel)).toBe('commentsExtended.xml');
    const inspected = inspectDocx(mergeSave(base, edited).bytes);
    expect(inspected.ok && inspected.pkg.storyParts).toContain('word/comments.xml');
  });

  it("adds the new comment to the base's comments, whose own XML stays as it was", () => {
    const theirs = `<w:comment w:id="3" w:author="Dana" w:date="2030-05-05T10:00:00Z" w:initials="D"><w:p w14:paraId="0000C001" w14:textId="77777777"><w:r><w:t>Check the date.</w:t></w:r></w:p></w:comment>`;
    const anchored = p('00000001', '<w:commentRangeStart w:id="3"/>' + r('Keep me exactly as I am.') + '<w:commentRangeEnd w:id="3"/><w:r><w:commentReference w:id="3"/></w:r>');
    const base = buildDocx({ body: anchored + SHALL + PLAIN, rootAttrs: `xmlns:w14="${W14_NS}"`, comments: theirs });
    // The editor writes every comment again in its own way, the old one included.
    const rewritten = comment(3, '1A2B3C4D', 'Check the date.', 'Dana');
    const edited = editorSave(
      base,
      anchored + SUGGESTED + PLAIN,
      editorCommentParts(rewritten + NEW_COMMENT, [
        { paraId: '1A2B3C4D', durableId: '11111111' },
        { paraId: '4E50C806', durableId: '66F13334' },
      ]),
    );

    const part = partsOf(mergeSave(base, edited).bytes);

    const comments = part('word/comments.xml')!;
    expect(comments).toContain(theirs);
    expect(comments).toContain('Check the date.');
    expect(comments.match(/<w:comment\b/g)).toHaveLength(2);
    expect(comments).toContain('w:author="AI Assistant"');
    expect(comments).toContain('House style: &quot;shall&quot; → &quot;must&quot;');
    expect(bodyOf(part('word/document.xml')!)).toContain('<w:commentReference w:id="7"/>');
    // The base's companion parts stay as they were (none here): the editor's name its rewritten old comment's paragraphs.
    expect(part('word/commentsExtended.xml')).toBeUndefined();
    const inspected = inspectDocx(mergeSave(base, edited).bytes);
    expect(inspected.ok).toBe(true);
  });

  describe('when the base already has comments and their companion parts', () => {
    const theirs = `<w:comment w:id="3" w:author="Dana" w:date="2030-05-05T10:00:00Z" w:initials="D"><w:p w14:paraId="0000C001" w14:textId="77777777"><w:r><w:t>Check the date.</w:t></w:r></w:p></w:comment>`;
    const anchored = p('00000001', '<w:commentRangeStart w:id="3"/>' + r('Keep me exactly as I am.') + '<w:commentRangeEnd w:id="3"/><w:r><w:commentReference w:id="3"/></w:r>');
    // Written as Word writes them, unlike the editor: a line break after the declaration, other spacing.
    const OLD_EX = '<w15:commentEx w15:paraId="0000C001" w15:done="1"/>';
    const OLD_ID = '<w16cid:commentId w16cid:paraId="0000C001" w16cid:durableId="2B3C4D5E"/>';
    const OLD_CEX = '<w16cex:commentExtensible w16cex:durableId="2B3C4D5E" w16cex:dateUtc="2030-05-05T10:00:00Z"/>';
    const baseCompanions = {
      'word/commentsExtended.xml': `${HEAD}\r\n<w15:commentsEx ${NS}>${OLD_EX}</w15:commentsEx>`,
      'word/commentsIds.xml': `${HEAD}\r\n<w16cid:commentsIds ${NS}>${OLD_ID}</w16cid:commentsIds>`,
      'word/commentsExtensible.xml': `${HEAD}\r\n<w16cex:commentsExtensible ${NS}>${OLD_CEX}</w16cex:commentsExtensible>`,
    };
    const base = editorSave(buildDocx({ body: anchored + SHALL + PLAIN, rootAttrs: `xmlns:w14="${W14_NS}"`, comments: theirs }), anchored + SHALL + PLAIN, baseCompanions);

    /** The editor's save adding comment 7, with the old comment's paragraph id as `oldParaId`. */
    const save = (oldParaId: string) =>
      editorSave(
        base,
        anchored + SUGGESTED + PLAIN,
        editorCommentParts(comment(3, oldParaId, 'Check the date.', 'Dana') + NEW_COMMENT, [
          { paraId: oldParaId, durableId: '11111111' },
          { paraId: '4E50C806', durableId: '66F13334' },
        ]),
      );

    it.each([
      ['keeps the old paragraph id', '0000C001'],
      ['rewrites the old paragraph id', '1A2B3C4D'],
    ])('adds the new comment\'s entries to each companion part, the old ones unchanged (the editor %s)', (_, oldParaId) => {
      const { bytes, report } = mergeSave(base, save(oldParaId));
      const part = partsOf(bytes);

      const comments = part('word/comments.xml')!;
      expect(comments).toContain(theirs);
      expect(comments).toContain(NEW_COMMENT);
      expect(comments.match(/<w:comment\b/g)).toHaveLength(2);
      expect(part('word/commentsExtended.xml')).toBe(
        `${HEAD}\r\n<w15:commentsEx ${NS}>${OLD_EX}<w15:commentEx w15:paraId="4E50C806" w15:done="0" /></w15:commentsEx>`,
      );
      expect(part('word/commentsIds.xml')).toBe(
        `${HEAD}\r\n<w16cid:commentsIds ${NS}>${OLD_ID}<w16cid:commentId w16cid:paraId="4E50C806" w16cid:durableId="66F13334" /></w16cid:commentsIds>`,
      );
      expect(part('word/commentsExtensible.xml')).toBe(
        `${HEAD}\r\n<w16cex:commentsExtensible ${NS}>${OLD_CEX}<w16cex:commentExtensible w16cex:durableId="66F13334" w16cex:dateUtc="2031-01-01T00:00:00Z"/></w16cex:commentsExtensible>`,
      );
      // One relationship and one content type each, as before.
      const rels = part('word/_rels/document.xml.rels')!;
      for (const [target, { ct }] of Object.entries(PART_TYPES)) {
        expect(rels.split(`Target="${target}"`), target).toHaveLength(2);
        expect(part('[Content_Types].xml')!.split(`ContentType="${ct}"`), target).toHaveLength(2);
      }
      expect(report.parts).toEqual(
        expect.arrayContaining(['word/commentsExtended.xml', 'word/commentsIds.xml', 'word/commentsExtensible.xml'].map((name) => ({ part: name, action: 'entries-added' }))),
      );
      const inspected = inspectDocx(bytes);
      expect(inspected.ok).toBe(true);
    });

    it('adds nothing when the save adds no comment', () => {
      const edited = editorSave(base, anchored + SUGGESTED.replace(/<w:commentRange[^>]*>|<w:r><w:rPr><w:rStyle w:val="CommentReference"\/><\/w:rPr><w:commentReference w:id="7"\/><\/w:r>/g, '') + PLAIN, {});
      const part = partsOf(mergeSave(base, edited).bytes);
      const before = partsOf(base);
      for (const name of Object.keys(baseCompanions)) expect(part(name), name).toBe(before(name));
    });
  });
});
