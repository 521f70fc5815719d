import { describe, expect, it } from 'vitest';
import { readEditorKind } from './editor-kind';

const shell = (content: string | null) => ({
  querySelector: () => (content === null ? null : { content }),
}) as unknown as Pick<Document, 'querySelector'>;

describe('readEditorKind', () => {
  it('is onlyoffice only when the server said so', () => {
    expect(readEditorKind(shell('onlyoffice'))).toBe('onlyoffice');
    expect(readEditorKind(shell('embedded'))).toBe('embedded');
  });

  it('falls back to the embedded editor for an unfilled placeholder or a missing tag', () => {
    expect(readEditorKind(shell('__EDITOR_KIND__'))).toBe('embedded');
    expect(readEditorKind(shell(null))).toBe('embedded');
    expect(readEditorKind(shell('ONLYOFFICE '))).toBe('embedded');
  });
});
