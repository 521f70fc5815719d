import { describe, expect, it } from 'vitest';
import { businessPlan } from './business-plan';
import { TEMPLATES } from './catalog';
import type { TemplateSpec } from './docx-builder';
import { packageProblems, paragraphs, readParts, REQUIRED_PARTS, wellFormed } from '../../tests/support/docx/template-helpers';
import { marketingPlan } from './marketing-plan';
import { projectProposal } from './project-proposal';

const specs: Record<string, TemplateSpec> = {
  'business-plan.docx': businessPlan,
  'project-proposal.docx': projectProposal,
  'marketing-plan.docx': marketingPlan,
};

describe('TEMPLATES', () => {
  it('lists the three templates the workspace shows, with distinct file names', () => {
    expect(TEMPLATES.map((t) => t.name)).toEqual(['Business Plan', 'Project Proposal', 'Marketing Plan']);
    expect(TEMPLATES.map((t) => t.filename)).toEqual(Object.keys(specs));
    for (const t of TEMPLATES) {
      expect(t.description.length).toBeGreaterThan(20);
      expect(t.category).not.toBe('');
    }
  });

  describe.each(TEMPLATES.map((t) => [t.filename, t] as const))('%s', (filename, template) => {
    const bytes = template.build();
    const parts = readParts(bytes);
    const paras = paragraphs(parts['word/document.xml']!);
    const spec = specs[filename]!;

    it('is a ZIP package with every required part, typed and linked', () => {
      expect(bytes.subarray(0, 4)).toEqual(new Uint8Array([0x50, 0x4b, 0x03, 0x04]));
      expect(Object.keys(parts).sort()).toEqual([...REQUIRED_PARTS].sort());
      expect(packageProblems(parts)).toEqual([]);
    });

    it('has well-formed XML in every part', () => {
      for (const [name, xml] of Object.entries(parts)) expect(wellFormed(xml), name).toBe(true);
    });

    it('opens with the title and has every section heading, each with guidance', () => {
      expect(paras[0]).toMatchObject({ style: 'Title', text: template.name });
      const h1 = paras.filter((p) => p.style === 'Heading1').map((p) => p.text);
      const h2 = paras.filter((p) => p.style === 'Heading2').map((p) => p.text);
      expect(h1).toEqual(spec.sections.map((s) => s.heading));
      expect(h2).toEqual(spec.sections.flatMap((s) => (s.subsections ?? []).map((sub) => sub.heading)));
      expect(h1.length).toBeGreaterThanOrEqual(8);
      // Every section tells the writer what to put there, directly or in its subsections.
      for (const s of spec.sections) {
        const prompts = [...(s.guidance ?? []), ...(s.subsections ?? []).flatMap((sub) => sub.guidance ?? [])];
        expect(prompts.length, s.heading).toBeGreaterThan(0);
      }
      expect(paras.filter((p) => p.style === 'Guidance').length).toBeGreaterThanOrEqual(h1.length);
    });

    it('has unique paragraph ids', () => {
      const ids = paras.map((p) => p.paraId);
      expect(ids.every((id) => /^[0-9A-F]{8}$/.test(id) && parseInt(id, 16) < 0x80000000)).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('is byte-identical on every build', () => {
      expect(Buffer.from(template.build()).equals(Buffer.from(bytes))).toBe(true);
    });
  });
});
