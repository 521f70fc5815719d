import { describe, expect, it } from 'vitest';
import { W_MAIN_NS, buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';
import { inspectDocx } from './inspect';
import { MC_NS, W14_NS } from './package';
import { countWords, extractText } from './text';

function textOf(body: string, rootAttrs = `xmlns:mc="${MC_NS}" xmlns:w14="${W14_NS}"`) {
  const result = inspectDocx(buildDocx({ body, rootAttrs }));
  if (!result.ok) throw new Error(`${result.reason} (${result.detail})`);
  return extractText(result.pkg);
}

const run = (inner: string) => `<w:r>${inner}</w:r>`;
const t = (text: string) => `<w:t xml:space="preserve">${text}</w:t>`;

describe('extractText', () => {
  it('joins paragraphs with newlines and turns tabs and breaks into whitespace', () => {
    const body =
      `<w:p><w:pPr><w:tabs><w:tab w:val="left" w:pos="720"/></w:tabs></w:pPr>${run(`${t('Name')}<w:tab/>${t('Value')}`)}</w:p>` +
      `<w:p>${run(`${t('line one')}<w:br/>${t('line two')}<w:cr/>${t('x')}<w:noBreakHyphen/>${t('y')}`)}</w:p>`;
    const { text, paragraphs } = textOf(body);
    expect(paragraphs.map((p) => p.text)).toEqual(['Name\tValue', 'line one\nline two\nx\u2011y']);
    expect(text).toBe('Name\tValue\nline one\nline two\nx\u2011y');
  });

  it('reads table cells row by row, each cell paragraph as its own paragraph', () => {
    const cell = (s: string) => `<w:tc><w:tcPr/>${paragraphXml(s)}</w:tc>`;
    const body = `${paragraphXml('Before')}<w:tbl><w:tr>${cell('A1')}${cell('B1')}</w:tr><w:tr>${cell('A2')}${cell('B2')}</w:tr></w:tbl>${paragraphXml('After')}`;
    expect(textOf(body).paragraphs.map((p) => p.text)).toEqual(['Before', 'A1', 'B1', 'A2', 'B2', 'After']);
  });

  it('reads what a reader sees: insertions yes; deletions, field codes and fallback copies no', () => {
    const body =
      `<w:p><w:ins w:id="1" w:author="a">${run(t('new '))}</w:ins><w:del w:id="2" w:author="a">${run('<w:delText>old </w:delText>')}</w:del>${run(t('text'))}</w:p>` +
      `<w:p>${run('<w:fldChar w:fldCharType="begin"/>')}${run('<w:instrText> PAGE </w:instrText>')}${run('<w:fldChar w:fldCharType="separate"/>')}${run(t('7'))}${run('<w:fldChar w:fldCharType="end"/>')}</w:p>` +
      `<w:p>${run(t('Anchor'))}${run(`<mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><w:txbxContent>${paragraphXml('Boxed')}</w:txbxContent></w:drawing></mc:Choice><mc:Fallback><w:pict><w:txbxContent>${paragraphXml('Boxed')}</w:txbxContent></w:pict></mc:Fallback></mc:AlternateContent>`)}${run(t(' end'))}</w:p>`;
    expect(textOf(body).paragraphs.map((p) => p.text)).toEqual(['new text', '7', 'Anchor end', 'Boxed']);
  });

  it('decodes entities and CDATA, and keeps hyperlinks, smart tags and content controls', () => {
    const body =
      `<w:p>${run(t('Tom &amp; Jerry &lt;3 &#x2603;'))}<w:hyperlink r:id="rId9">${run(t(' link'))}</w:hyperlink></w:p>` +
      `<w:p><w:smartTag w:uri="urn:x" w:element="place">${run(t('Paris'))}</w:smartTag>${run('<w:t><![CDATA[ <raw> ]]></w:t>')}</w:p>` +
      `<w:sdt><w:sdtContent>${paragraphXml('In a control')}</w:sdtContent></w:sdt>`;
    expect(textOf(body).paragraphs.map((p) => p.text)).toEqual(['Tom & Jerry <3 ☃ link', 'Paris <raw> ', 'In a control']);
  });

  it('reports the paraId of paragraphs that have one, and the given ids for the rest', () => {
    const body = `<w:p w14:paraId="0ABCDEF0">${run(t('has'))}</w:p>${paragraphXml('lacks')}`;
    const result = inspectDocx(buildDocx({ body, rootAttrs: `xmlns:w14="${W14_NS}"` }));
    if (!result.ok) throw new Error(result.reason);
    expect(extractText(result.pkg).paragraphs).toEqual([{ id: '0ABCDEF0', text: 'has' }, { text: 'lacks' }]);
    expect(extractText(result.pkg, ['IGNORED', '12345678']).paragraphs).toEqual([
      { id: '0ABCDEF0', text: 'has' },
      { id: '12345678', text: 'lacks' },
    ]);
  });

  it('counts words in the text', () => {
    expect(textOf(`${paragraphXml('Hello, wide world')}${paragraphXml('again')}`).wordCount).toBe(4);
    expect(textOf('').wordCount).toBe(0);
  });

  it('handles a document whose root binds the Word namespace as the default', () => {
    const result = inspectDocx(
      buildDocx({ documentXml: `<document xmlns="${W_MAIN_NS}"><body><p><r><t>plain</t></r></p></body></document>` }),
    );
    expect(result.ok && extractText(result.pkg).text).toBe('plain');
  });
});

describe('countWords', () => {
  it.each([
    ['', 0],
    ['  one\ttwo\nthree  ', 3],
    ['well-known e-mail, re-sent!', 3],
    ['— – ...', 3],
    ['日本語のテキスト', 8],
    ['Word 文書 test', 4],
    ['한국어 단어', 2],
    ['non\u00a0breaking\u2003spaces', 3],
    ['𠀋𠀋 (extension B)', 4],
  ])('%j has %i words', (text, words) => {
    expect(countWords(text)).toBe(words);
  });
});
