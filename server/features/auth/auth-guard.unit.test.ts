import { describe, expect, it } from 'vitest';
import { needsSession } from './auth-guard';

// docs/architecture.md, "Every request": the session is looked up for /api/* only, and not for the
// health checks. Pages and assets never depend on who asks, yet the browser sends the cookie with each.
describe('needsSession', () => {
  it.each(['/assets/x.js', '/', '/editor/12', '/favicon.svg', '/apix', '/api', '/api/health', '/api/health/live', '/api/health?probe=1'])('%s: no session lookup', (url) => {
    expect(needsSession(url)).toBe(false);
  });

  it.each(['/api/documents', '/api/auth/user', '/api/documents/7/chat?x=1', '/api/healthy'])('%s: the session is looked up', (url) => {
    expect(needsSession(url)).toBe(true);
  });
});
