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

const request = (url: string, host = 'localhost:3000') => ({ url, host, protocol: 'http' }) as FastifyRequest;

describe('the HTML shell', () => {
  it('gives each page its absolute canonical URL, without the query', () => {
    const html = loadShell(root, { publicUrl: undefined, editor: 'embedded' })(request('/waitlist?utm_source=x#top'));
    expect(html).toContain('href="http://localhost:3000/waitlist"');
    expect(html).toContain('content="http://localhost:3000/social-card.png"');
  });

  it('uses PUBLIC_URL when set, whatever Host the request names', () => {
    const html = loadShell(root, { publicUrl: 'https://redraft.example', editor: 'embedded' })(request('/', 'attacker.example'));
    expect(html).toContain('href="https://redraft.example/"');
    expect(html).not.toContain('attacker');
  });

  it.each([
    ['a Host header', '/', 'x"><script>alert(1)</script>'],
    ['a path', "/a\"><script>alert('x')</script>", 'localhost'],
  ])('escapes %s that tries to break out of the attribute', (_kind, url, host) => {
    const html = loadShell(root, { publicUrl: undefined, editor: 'embedded' })(request(url, host));
    expect(html).not.toContain('<script>');
    expect(html).not.toMatch(/href="[^"]*"[^ />]/);
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('says which editor documents open in', () => {
    expect(loadShell(root, { publicUrl: undefined, editor: 'onlyoffice' })(request('/editor/1'))).toContain('<meta name="redraft-editor" content="onlyoffice" />');
    expect(loadShell(root, { publicUrl: undefined, editor: 'embedded' })(request('/editor/1'))).toContain('<meta name="redraft-editor" content="embedded" />');
  });

  it('falls back to the home page for a path too long to be one of ours', () => {
    const html = loadShell(root, { publicUrl: undefined, editor: 'embedded' })(request(`/${'a'.repeat(5000)}`));
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
    const render = loadShell(root, { publicUrl: undefined, editor: 'embedded' });
    fs.rmSync(path.join(root, '.vite'), { recursive: true });
    const html = render(request('/waitlist?x=1'));
    const hrefs = [...html.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs.sort()).toEqual(['/assets/form.js', '/assets/query.js', '/assets/waitlist.js', '/assets/zod.js']);
    expect(render(request('/'))).not.toContain('modulepreload');
  });
});
