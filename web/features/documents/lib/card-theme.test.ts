import { describe, expect, it } from 'vitest';
import { cardTheme } from './card-theme';

describe('cardTheme', () => {
  it.each([
    ['Business Overview.docx', 'blue'],
    ['marketing plan.docx', 'blue'],
    ['Service Contract.docx', 'green'],
    ['NDA agreement v2.docx', 'green'],
    ['Q3 Report.docx', 'purple'],
    ['Risk ANALYSIS.docx', 'purple'],
    ['Project Proposal.docx', 'orange'],
    ['project kickoff.docx', 'orange'],
    ['Employee Manual.docx', 'indigo'],
    ['Style guide.docx', 'indigo'],
    ['Cover Letter.docx', 'red'],
    ['memo to staff.docx', 'red'],
    ['notes.docx', 'slate'],
    ['', 'slate'],
  ])('%s is %s', (name, theme) => {
    expect(cardTheme(name).name).toBe(theme);
  });

  it("follows docs/product.md §2's keyword order when a name has two keywords", () => {
    expect(cardTheme('Business Report.docx').name).toBe('blue');
    expect(cardTheme('Contract Analysis.docx').name).toBe('green');
    expect(cardTheme('Project Memo.docx').name).toBe('orange');
  });

  it('matches keywords inside longer words, as a substring test does', () => {
    expect(cardTheme('Businesses.docx').name).toBe('blue');
    expect(cardTheme('Reporting.docx').name).toBe('purple');
  });
});
