import { describe, expect, it } from 'vitest';
import { ChatActionSchema } from '@common/schemas/chat';
import { documentWindow } from './context';
import { DocumentText } from './document-text';
import { ACTION_INSTRUCTIONS, buildPrompt, documentTitle, EDIT_ANSWER_RULE, tidyEditAnswer } from './prompts';

const text = ['Service agreement', 'The Supplier delivers the goods within 14 days.', 'Payment is due in 30 days.'].join('\n');
const base = {
  title: 'Service agreement ACME',
  window: documentWindow(new DocumentText(text), 'within 14 days', 10_000),
  history: [{ role: 'user' as const, content: 'Earlier question' }, { role: 'assistant' as const, content: 'Earlier answer' }],
};

describe('buildPrompt', () => {
  it.each(['rewrite', 'improve', 'simplify', 'proofread'] as const)('%s: the instruction, the selection and the replacement-only rule', (action) => {
    const p = buildPrompt({ ...base, action, selection: 'within 14 days', content: `${action}: within 14 days` });
    expect(p.system).toContain('titled "Service agreement ACME"');
    expect(p.system).toContain(EDIT_ANSWER_RULE);
    expect(p.messages).toHaveLength(1);
    const user = p.messages[0]!.content;
    expect(user).toContain('Document: Service agreement ACME');
    expect(user).toContain('Document text (the whole document, 3 paragraphs;');
    expect(user).toContain('[2] The Supplier delivers the goods within 14 days.');
    expect(user).toContain('<selection>\nwithin 14 days\n</selection>');
    expect(user).toContain(`Task: ${ACTION_INSTRUCTIONS[action]}`);
    expect(user.endsWith(EDIT_ANSWER_RULE)).toBe(true);
  });

  it.each(['explain', 'summarize'] as const)('%s: an answer to read, not a replacement', (action) => {
    const p = buildPrompt({ ...base, action, selection: 'within 14 days', content: 'x' });
    expect(p.system).not.toContain(EDIT_ANSWER_RULE);
    expect(p.messages[0]!.content).toContain(`Task: ${ACTION_INSTRUCTIONS[action]}`);
  });

  it('gives every action its own instruction', () => {
    const all = ChatActionSchema.options.map((a) => ACTION_INSTRUCTIONS[a]);
    expect(new Set(all).size).toBe(6);
  });

  it('summarizes the document when nothing is selected', () => {
    const p = buildPrompt({ ...base, action: 'summarize', selection: undefined, content: 'Summarize' });
    expect(p.messages[0]!.content).toContain('Task: Summarize the document from the text you were given');
    expect(p.messages[0]!.content).not.toContain('<selection>');
  });

  it('asks a free question with the conversation so far, and says which part of a long document it has', () => {
    const long = Array.from({ length: 50 }, (_, i) => `Paragraph ${i + 1}.`).join('\n');
    const p = buildPrompt({ ...base, window: documentWindow(new DocumentText(long), undefined, 100), action: undefined, selection: undefined, content: 'What is due?' });
    expect(p.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(p.messages[2]!.content).toContain('Document text (paragraphs 1–5 of 50;');
    expect(p.messages[2]!.content.endsWith('Question: What is due?')).toBe(true);
    expect(p.system).toContain("Answer in the language of the user's message");
  });

  it('says when the document has no text', () => {
    const p = buildPrompt({ ...base, window: documentWindow(undefined, undefined, 100), action: undefined, selection: 'x', content: 'Why?' });
    expect(p.messages.at(-1)!.content).toContain('The document text is not available');
    expect(p.messages.at(-1)!.content).toContain('Question about the selected text: Why?');
  });
});

describe('tidyEditAnswer', () => {
  it('drops quotes and code fences the model wrapped the edit in', () => {
    expect(tidyEditAnswer('"The goods arrive in 14 days."', 'x')).toBe('The goods arrive in 14 days.');
    expect(tidyEditAnswer('“Die Ware kommt.”', 'x')).toBe('Die Ware kommt.');
    expect(tidyEditAnswer('```\nNew text.\n```', 'x')).toBe('New text.');
    expect(tidyEditAnswer('```text\nNew text.\n```\n', 'x')).toBe('New text.');
    expect(tidyEditAnswer('  Plain.  \n', 'x')).toBe('Plain.');
  });

  it('keeps quotes the selection itself had, and quotes inside the text', () => {
    expect(tidyEditAnswer('"Quoted."', '"quoted"')).toBe('"Quoted."');
    expect(tidyEditAnswer('"A" and "B"', 'x')).toBe('"A" and "B"');
  });
});

describe('documentTitle', () => {
  it('is the file name without .docx', () => {
    expect(documentTitle('Lease 2025.DOCX')).toBe('Lease 2025');
    expect(documentTitle('.docx')).toBe('.docx');
  });
});
