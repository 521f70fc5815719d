import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadShell } from './web-shell';

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-shell-'));
  fs.writeFileSync(
    path.join(root, 'index.html'),
    '<head><link rel="canonical" href="__PAGE_URL__" /><meta property="og:image" content="__SITE_URL__/social-card.png" /><meta name="redraft-editor" content="__EDITOR_KIND__" /></head>',
  );
});

const SESSION = 'redraft_session';
const request = (url: string, host = 'localhost:3000', cookies: Record<string, string> = {}) => ({ url, host, protocol: 'http', cookies }) as unknown as FastifyRequest;

describe('the HTML shell', () => {
  it('gives each page its absolute canonical URL, without the query', () => {
    const html = loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION })(request('/waitlist?utm_source=x#top'));
    expect(html).toContain('href="http://localhost:3000/waitlist"');
    expect(html).toContain('content="http://localhost:3000/social-card.png"');
  });

  it('uses PUBLIC_URL when set, whatever Host the request names', () => {
    const html = loadShell(root, { publicUrl: 'https://redraft.example', editor: 'embedded', sessionCookie: SESSION })(request('/', 'attacker.example'));
    expect(html).toContain('href="https://redraft.example/"');
    expect(html).not.toContain('attacker');
  });

  it.each([
    ['a Host header', '/', 'x"><script>alert(1)</script>'],
    ['a path', "/a\"><script>alert('x')</script>", 'localhost'],
  ])('escapes %s that tries to break out of the attribute', (_kind, url, host) => {
    const html = loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION })(request(url, host));
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/href="[^"]*"[^ />]/);
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('says which editor documents open in', () => {
    expect(loadShell(root, { publicUrl: undefined, editor: 'onlyoffice', sessionCookie: SESSION })(request('/editor/1'))).toContain('<meta name="redraft-editor" content="onlyoffice" />');
    expect(loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION })(request('/editor/1'))).toContain('<meta name="redraft-editor" content="embedded" />');
  });

  it('falls back to the home page for a path too long to be one of ours', () => {
    const html = loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION })(request(`/${'a'.repeat(5000)}`));
    expect(html).toContain('href="http://localhost:3000/"');
  });
});

describe('preloading a page\'s chunks', () => {
  it('lists the screen\'s chunks and their imports, but not what the entry already loads', () => {
    fs.mkdirSync(path.join(root, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', imports: ['_react.js'] },
        '_react.js': { file: 'assets/react.js' },
        'app/routes/waitlist-route.tsx': { file: 'assets/waitlist.js', imports: ['_form.js', '_react.js'] },
        '_form.js': { file: 'assets/form.js', imports: ['_zod.js'] },
        '_zod.js': { file: 'assets/zod.js' },
        'app/query-provider.tsx': { file: 'assets/query.js', imports: ['_react.js'] },
      }),
    );
    const render = loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION });
    fs.rmSync(path.join(root, '.vite'), { recursive: true });
    const html = render(request('/waitlist?x=1'));
    const hrefs = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.sort()).toEqual(['/assets/form.js', '/assets/query.js', '/assets/waitlist.js', '/assets/zod.js']);
    expect(render(request('/'))).not.toContain('modulepreload');
  });
});

describe("the session hint of '/'", () => {
  const render = () => loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION });
  const HINT = '<meta name="redraft-session" content="none">';
  const ASK = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/user">';

  it('tells the page a request without a session cookie is signed out', () => {
    const html = render()(request('/', 'localhost:3000', { other: 'x' }));
    expect(html).toContain(HINT);
    expect(html).not.toContain(ASK);
  });

  it('asks for the user while the code downloads when the request has a session cookie, whatever its value', () => {
    for (const value of ['a-token', '']) {
      const html = render()(request('/?from=mail', 'localhost:3000', { [SESSION]: value }));
      expect(html).toContain(ASK);
      expect(html).not.toContain(HINT);
    }
  });

  it.each(['/auth', '/waitlist', '/index.html'])('says nothing on %s, which checks the session its own way', (url) => {
    const html = render()(request(url));
    expect(html).not.toContain(HINT);
    expect(html).not.toContain('href="/api/auth/user"');
  });

  it('gives an editor page no hint: it asks for the user with its document (its own preloads)', () => {
    expect(render()(request('/editor/1'))).not.toContain(HINT);
  });
});

describe("preloading an editor page's data and editor", () => {
  const links = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin="use-credentials" href="([^"]+)">/g)].map((m) => m[1]);

  it('names the user, the document and its bytes for the embedded editor', () => {
    const render = loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION });
    expect(links(render(request('/editor/42')))).toEqual(['/api/auth/user', '/api/documents/42', '/api/documents/42/content']);
    expect(links(render(request('/editor-original/7?x=1')))).toEqual(['/api/auth/user', '/api/documents/7', '/api/documents/7/content']);
    // The page reads '007' as 7 and asks for 7.
    expect(links(render(request('/editor/007')))).toEqual(['/api/auth/user', '/api/documents/7', '/api/documents/7/content']);
  });

  it('leaves the bytes to ONLYOFFICE Docs, which downloads them itself', () => {
    const render = loadShell(root, { publicUrl: undefined, editor: 'onlyoffice', sessionCookie: SESSION });
    expect(links(render(request('/editor/42')))).toEqual(['/api/auth/user', '/api/documents/42']);
  });

  it.each(['/editor/0', '/editor/abc', '/editor/1e3', '/editor/12345678901234567', '/editor/-1', '/editor/1/x', '/waitlist', '/'])(
    'names nothing for %s, which is no document id',
    (url) => {
      expect(links(loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION })(request(url)))).toEqual([]);
    },
  );

  it("preloads the chunk of the server's editor with the page", () => {
    fs.mkdirSync(path.join(root, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js' },
        'app/routes/editor-route.tsx': { file: 'assets/editor-route.js' },
        'app/routes/editor-workspace.tsx': { file: 'assets/embedded.js', imports: ['_docx.js'] },
        '_docx.js': { file: 'assets/docx.js', css: ['assets/docx.css'] },
        'app/routes/onlyoffice-workspace.tsx': { file: 'assets/onlyoffice.js' },
        'app/routes/compare-route.tsx': { file: 'assets/compare.js' },
      }),
    );
    const embedded = loadShell(root, { publicUrl: undefined, editor: 'embedded', sessionCookie: SESSION });
    const onlyoffice = loadShell(root, { publicUrl: undefined, editor: 'onlyoffice', sessionCookie: SESSION });
    fs.rmSync(path.join(root, '.vite'), { recursive: true });
    const modules = (html: string) => [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]).sort();
    expect(modules(embedded(request('/editor/3')))).toEqual(['/assets/docx.js', '/assets/editor-route.js', '/assets/embedded.js']);
    expect(modules(onlyoffice(request('/editor/3')))).toEqual(['/assets/editor-route.js', '/assets/onlyoffice.js']);
    expect(modules(embedded(request('/waitlist')))).toEqual([]);
    // No document id, no editor: the page only says the link is wrong.
    expect(modules(embedded(request('/editor/abc')))).toEqual(['/assets/editor-route.js']);
    // Comparing two versions is a screen of its own, without the editor or the document's bytes.
    expect(modules(embedded(request('/editor/3/compare?from=1&to=2')))).toEqual(['/assets/compare.js']);
    expect(embedded(request('/editor/3/compare'))).not.toContain('/content');
    expect(embedded(request('/editor/3'))).toContain('<link rel="preload" as="style" crossorigin href="/assets/docx.css">');
    expect(onlyoffice(request('/editor/3'))).not.toContain('docx.css');
  });
});
