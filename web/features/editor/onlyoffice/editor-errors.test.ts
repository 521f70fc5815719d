import { describe, expect, it } from 'vitest';
import { editorErrorAdvice, missingCallbackAdvice } from './editor-errors';

const url = 'https://redraft.example/api/documents/7/file?token=abc';

describe('editorErrorAdvice', () => {
  it('names the secret to fix for a token that does not verify', () => {
    expect(editorErrorAdvice({ errorCode: -20, errorDescription: 'The document security token is not correctly formed.' }, url)).toContain(
      'DOCUMENT_SERVER_JWT_SECRET on Redraft must equal the JWT secret of ONLYOFFICE Docs',
    );
  });

  it('names the address the Document Server must reach for a failed download, without the signed query', () => {
    const advice = editorErrorAdvice({ errorCode: -4, errorDescription: 'Download failed.' }, url);
    expect(advice).toContain('https://redraft.example');
    expect(advice).toContain('PUBLIC_URL');
    expect(advice).not.toContain('token=abc');
  });

  it('passes any other error on with its code and description', () => {
    expect(editorErrorAdvice({ errorCode: -82, errorDescription: 'Conversion failed.' }, url)).toBe('ONLYOFFICE Docs reported an error (code -82): Conversion failed.');
  });
});

describe('missingCallbackAdvice', () => {
  const callbackUrl = 'https://redraft.example/api/documents/7/callback';

  it('speaks up when the key this editor opened has had no callback', () => {
    expect(missingCallbackAdvice({ key: '7.2.abc', lastCallbackAt: null }, '7.2.abc', callbackUrl)).toBe(
      'ONLYOFFICE Docs has not called Redraft back at https://redraft.example, so your changes may not be saved. Check that it can reach that address (PUBLIC_URL).',
    );
  });

  it('is quiet after a callback, or when the open key is another one (refreshed, saved)', () => {
    expect(missingCallbackAdvice({ key: '7.2.abc', lastCallbackAt: '2026-01-01T00:00:00.000Z' }, '7.2.abc', callbackUrl)).toBeNull();
    expect(missingCallbackAdvice({ key: '7.3.def', lastCallbackAt: null }, '7.2.abc', callbackUrl)).toBeNull();
    expect(missingCallbackAdvice({ key: null, lastCallbackAt: null }, '7.2.abc', callbackUrl)).toBeNull();
  });
});
