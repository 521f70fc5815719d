import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { HEAD_BLOCKS, PREVIEW_MIN_PARAGRAPHS, cutBody, documentHead } from './document-head';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const para = (i: number) => `<w:p w:rsidR="00A1"><w:r><w:t>Paragraph ${i}</w:t></w:r></w:p>`;
const FINAL = '<w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr>';
const documentXml = (body: string) => `<?xml version="1.0"?><w:document ${W}><w:body>${body}</w:body></w:document>`;
const paragraphs = (n: number, from = 0) => Array.from({ length: n }, (_, i) => para(from + i)).join('');
const bodyOf = (xml: string) => xml.slice(xml.indexOf('<w:body>') + 8, xml.indexOf('</w:body>'));

describe('the first pages of a long document', () => {
  it('keeps whole blocks from the start and closes the body with its section properties', () => {
    const head = cutBody(documentXml(paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL))!;
    expect(bodyOf(head)).toBe(paragraphs(HEAD_BLOCKS) + FINAL);
    expect(head.startsWith(`<?xml version="1.0"?><w:document ${W}>`)).toBe(true);
    expect(head.endsWith('</w:body></w:document>')).toBe(true);
  });

  it('leaves a short document alone', () => {
    expect(cutBody(documentXml(paragraphs(PREVIEW_MIN_PARAGRAPHS - 1) + FINAL))).toBeNull();
  });

  it('counts tables, content controls and self-closed paragraphs as blocks, and what is inside them not at all', () => {
    const table = `<w:tbl><w:tr><w:tc>${paragraphs(3)}</w:tc></w:tr></w:tbl>`;
    const control = `<w:sdt><w:sdtContent>${paragraphs(2)}</w:sdtContent></w:sdt>`;
    const start = table + control + '<w:bookmarkStart w:id="0" w:name="x"/><w:p/>';
    const head = cutBody(documentXml(start + paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL))!;
    expect(bodyOf(head)).toBe(start + paragraphs(HEAD_BLOCKS - 3) + FINAL);
  });

  it('takes the properties of the section the cut falls in, not those of the last section', () => {
    const landscape = '<w:sectPr><w:pgSz w:w="15840" w:h="12240" w:orient="landscape"/></w:sectPr>';
    const firstSectionEnd = `<w:p><w:pPr>${landscape}</w:pPr></w:p>`;
    const head = cutBody(documentXml(paragraphs(100) + firstSectionEnd + paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL))!;
    expect(bodyOf(head)).toBe(paragraphs(HEAD_BLOCKS) + landscape);
  });

  it('keeps a section-properties change (which holds a sectPr of its own) whole', () => {
    const changed = '<w:sectPr><w:pgSz w:w="12240"/><w:sectPrChange w:id="1"><w:sectPr><w:pgSz w:w="11906"/></w:sectPr></w:sectPrChange></w:sectPr>';
    expect(bodyOf(cutBody(documentXml(paragraphs(PREVIEW_MIN_PARAGRAPHS) + changed))!)).toBe(paragraphs(HEAD_BLOCKS) + changed);
  });

  it('reads through comments, and attribute values that hold a ">" or a "/"', () => {
    const odd = `<!-- a <w:p> in a comment --><w:p w:x="a>b/"><w:r><w:t>odd</w:t></w:r></w:p>`;
    const head = cutBody(documentXml(odd + paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL))!;
    expect(bodyOf(head)).toBe(odd + paragraphs(HEAD_BLOCKS - 1) + FINAL);
  });

  it('stops early when the blocks are large', () => {
    const long = `<w:p><w:r><w:t>${'x'.repeat(50_000)}</w:t></w:r></w:p>`;
    const head = cutBody(documentXml(long.repeat(10) + paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL))!;
    expect(bodyOf(head)).toBe(long.repeat(4) + FINAL);
  });

  it.each([
    ['another namespace prefix', documentXml(paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL).replaceAll('w:', 'x:')],
    ['no section properties', documentXml(paragraphs(PREVIEW_MIN_PARAGRAPHS))],
    ['a body that is cut off', documentXml(paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL).replace('</w:body>', '')],
  ])('gives nothing for %s', (_what, xml) => {
    expect(cutBody(xml)).toBeNull();
  });
});

describe('the head as a package', () => {
  const pkg = (xml: string, main = 'word/document.xml') =>
    zipSync({
      '_rels/.rels': strToU8(`<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="${main}"/></Relationships>`),
      [main]: strToU8(xml),
      'word/styles.xml': strToU8('<w:styles/>'),
    }).buffer as ArrayBuffer;

  it('replaces the main part named by the relationships and keeps every other part as it was', () => {
    const head = documentHead(pkg(documentXml(paragraphs(PREVIEW_MIN_PARAGRAPHS) + FINAL), 'word/document2.xml'))!;
    const files = unzipSync(new Uint8Array(head));
    expect(Object.keys(files).sort()).toEqual(['_rels/.rels', 'word/document2.xml', 'word/styles.xml']);
    expect(bodyOf(strFromU8(files['word/document2.xml']!))).toBe(paragraphs(HEAD_BLOCKS) + FINAL);
    expect(strFromU8(files['word/styles.xml']!)).toBe('<w:styles/>');
  });

  it('gives nothing for bytes that are not a package, or a short document', () => {
    expect(documentHead(new Uint8Array([1, 2, 3]).buffer)).toBeNull();
    expect(documentHead(pkg(documentXml(paragraphs(3) + FINAL)))).toBeNull();
  });
});
