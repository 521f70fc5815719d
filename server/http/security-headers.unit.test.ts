import { describe, expect, it } from 'vitest';
import { appHelmetOptions, securityContext, securityHeaders } from './security-headers';

const headersFor = (config: Parameters<typeof securityContext>[0]) => new Map(securityHeaders(appHelmetOptions(securityContext(config))));

describe('securityHeaders', () => {
  it('are what helmet sets, computed once from the configuration', () => {
    const headers = headersFor({});
    expect(headers.get('Content-Security-Policy')).toContain("default-src 'self'");
    expect(headers.get('Content-Security-Policy')).not.toContain('upgrade-insecure-requests');
    expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.has('Cross-Origin-Embedder-Policy')).toBe(false);
  });

  it('allow the Document Server the page loads the editor from, and nothing else', () => {
    const csp = headersFor({ documentServer: { url: 'https://docs.example.com/sub/path' } }).get('Content-Security-Policy')!;
    expect(csp).toContain("script-src 'self' https://docs.example.com;");
    expect(csp).toMatch(/frame-src 'self' https:\/\/docs\.example\.com(;|$)/);
    expect(csp).not.toContain('/sub/path');
  });

  it('ask for HTTPS only when the site is served over it', () => {
    expect(headersFor({ publicUrl: 'http://127.0.0.1:3000' }).has('Strict-Transport-Security')).toBe(false);
    expect(headersFor({ publicUrl: 'https://redraft.example.com' }).get('Strict-Transport-Security')).toMatch(/max-age=\d+/);
  });
});
