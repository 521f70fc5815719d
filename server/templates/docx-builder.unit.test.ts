import { afterEach, describe, expect, it } from 'vitest';
import { buildTemplateDocx, type TemplateSpec } from './docx-builder';
import { packageProblems, paragraphs, readParts, REQUIRED_PARTS, wellFormed } from '../../tests/support/docx/template-helpers';

const tricky = 'Fees & "costs" <net> of 5% for O\'Brien — café 🚀';

const spec: TemplateSpec = {
  title: 'Test & <Plan>',
  subtitle: 'Sub "title"',
  description: 'Desc with <markup> & ampersands',
  intro: ['Intro guidance'],
  sections: [
    {
      heading: tricky,
      guidance: ['Line one\nline two\twith a tab', 'Bad \u0001control\u0008 chars\uFFFE gone'],
      bullets: ['First bullet', 'Second bullet'],
      table: { columns: ['A', 'B & C'], rows: [['1', '<2>'], ['3']] },
      subsections: [{ heading: 'Sub heading', guidance: ['Sub guidance'] }],
    },
  ],
};

describe('buildTemplateDocx', () => {
  const parts = readParts(buildTemplateDocx(spec));
  const paras = paragraphs(parts['word/document.xml']!);

  it('produces a package with every required part, each typed and linked', () => {
    expect(Object.keys(parts).sort()).toEqual([...REQUIRED_PARTS].sort());
    expect(packageProblems(parts)).toEqual([]);
  });

  it('writes well-formed XML in every part', () => {
    for (const [name, xml] of Object.entries(parts)) expect(wellFormed(xml), name).toBe(true);
  });

  it('escapes text so it reads back exactly, minus characters XML cannot carry', () => {
    const texts = paras.map((p) => p.text);
    expect(texts).toContain(tricky);
    expect(texts).toContain('Test & <Plan>');
    expect(texts).toContain('Line one\nline two\twith a tab');
    expect(texts).toContain('Bad control chars gone');
    expect(texts).toContain('<2>');
    expect(parts['docProps/core.xml']).toContain('<dc:title>Test &amp; &lt;Plan&gt;</dc:title>');
  });

  it('maps the structure onto the named styles', () => {
    const styled = paras.filter((p) => p.text).map((p) => [p.style, p.text.slice(0, 12)]);
    expect(styled).toEqual([
      ['Title', 'Test & <Plan'],
      ['Subtitle', 'Sub "title"'],
      ['Guidance', 'Intro guidan'],
      ['Heading1', tricky.slice(0, 12)],
      ['Guidance', 'Line one\nlin'],
      ['Guidance', 'Bad control '],
      ['ListBullet', 'First bullet'],
      ['ListBullet', 'Second bulle'],
      ['TableText', 'A'],
      ['TableText', 'B & C'],
      ['TableText', '1'],
      ['TableText', '<2>'],
      ['TableText', '3'],
      ['Heading2', 'Sub heading'],
      ['Guidance', 'Sub guidance'],
    ]);
    // A short row is padded so every row has a cell per column.
    expect(parts['word/document.xml']!.match(/<w:tc>/g)).toHaveLength(6);
    for (const style of ['Title', 'Heading1', 'Heading2', 'Normal', 'ListBullet', 'Guidance']) {
      expect(parts['word/styles.xml']).toContain(`w:styleId="${style}"`);
    }
  });

  it('gives every paragraph a unique w14:paraId and a w14:textId below 0x80000000', () => {
    const paragraphCount = parts['word/document.xml']!.match(/<w:p[ >]/g)?.length;
    expect(paras).toHaveLength(paragraphCount!);
    for (const p of paras) {
      expect(p.paraId).toMatch(/^[0-9A-F]{8}$/);
      expect(p.textId).toMatch(/^[0-9A-F]{8}$/);
      expect(parseInt(p.paraId, 16)).toBeLessThan(0x80000000);
      expect(parseInt(p.textId, 16)).toBeLessThan(0x80000000);
    }
    expect(new Set(paras.map((p) => p.paraId)).size).toBe(paras.length);
    expect(parts['word/document.xml']).toContain('xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml"');
    expect(parts['word/document.xml']).toContain('mc:Ignorable="w14"');
  });
});

describe('determinism', () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('produces identical bytes on every build, in any time zone', () => {
    process.env.TZ = 'UTC';
    const first = buildTemplateDocx(spec);
    process.env.TZ = 'Pacific/Auckland';
    const second = buildTemplateDocx(spec);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });
});
