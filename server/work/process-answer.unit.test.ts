import v8 from 'node:v8';
import { describe, expect, it } from 'vitest';
import { buildDocx, paragraphXml } from '../../tests/support/docx/fixtures';
import { type ProcessResult, processDocx } from '../docx/process';
import { packResult, unpackResult } from './process-answer';

/** What crossing to another thread does to a value. */
const cloned = <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T;

describe('packResult + unpackResult', () => {
  it('give back every paragraph with its id and text, across a thread boundary', () => {
    // Empty paragraphs, a line break inside one (so texts cannot be found by splitting on '\n'), non-ASCII.
    const body = [paragraphXml('First.'), '<w:p/>', '<w:p><w:r><w:t>two</w:t><w:br/><w:t>lines</w:t></w:r></w:p>', paragraphXml('Ünïcødé 😀'), '<w:p/>'].join('');
    const result = processDocx(buildDocx({ body }));
    if (!result.ok) throw new Error(result.reason);
    expect(result.paragraphs.map((p) => p.text)).toEqual(['First.', '', 'two\nlines', 'Ünïcødé 😀', '']);

    const back = unpackResult(cloned(packResult(result)));
    expect(back).toEqual(result);
    expect(back.ok && back.paragraphs).toBe(back.ok && back.paragraphs); // built once
  });

  it('keeps a paragraph without an id without one', () => {
    const result: ProcessResult = {
      ok: true,
      text: 'a\n\nc',
      paragraphs: [{ id: '0000000A', text: 'a' }, { text: '' }, { id: '', text: 'c' }],
      wordCount: 2,
      editable: new Uint8Array(1),
      stored: new Uint8Array(1),
      kind: 'document',
    };
    const back = unpackResult(cloned(packResult(result)));
    expect(back.ok && back.paragraphs).toEqual(result.paragraphs);
  });

  it('passes a refusal through as it is', () => {
    const refused: ProcessResult = { ok: false, code: 'damaged', reason: 'The file is damaged.', detail: 'x' };
    expect(unpackResult(cloned(packResult(refused)))).toEqual(refused);
  });
});
