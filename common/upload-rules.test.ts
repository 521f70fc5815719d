import { describe, expect, it } from 'vitest';
import { DOCX_MIME_TYPE, MAX_UPLOAD_BYTES } from './limits';
import { checkUploadFile } from './upload-rules';

describe('checkUploadFile (docs/product.md §5, in order)', () => {
  it('accepts a .docx of any letter case with a Word, generic or empty type', () => {
    for (const type of [DOCX_MIME_TYPE, 'application/octet-stream', '', undefined]) {
      expect(checkUploadFile({ name: 'Contract.DOCX', type, size: 10 })).toBeNull();
    }
  });

  it('checks the name first', () => {
    expect(checkUploadFile({ name: 'notes.txt', type: 'image/png', size: MAX_UPLOAD_BYTES + 1 })).toMatchObject({
      title: 'Invalid file type',
      description: 'Please select a .docx file.',
    });
  });

  it('then the reported type', () => {
    expect(checkUploadFile({ name: 'a.docx', type: 'text/plain', size: MAX_UPLOAD_BYTES + 1 })).toMatchObject({
      title: 'Invalid file type',
      description: 'File type text/plain not supported. Please select a .docx file.',
    });
  });

  it('then the size, allowing exactly 10 MB', () => {
    expect(checkUploadFile({ name: 'a.docx', type: '', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(checkUploadFile({ name: 'a.docx', type: '', size: MAX_UPLOAD_BYTES + 1 })).toMatchObject({
      title: 'File too large',
      description: 'Please select a file smaller than 10MB.',
    });
  });
});
