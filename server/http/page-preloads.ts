/**
 * Which chunks a page will import, read from Vite's build manifest, so the shell can ask for them
 * at once (`modulepreload`) instead of one level of imports at a time: a lazy screen's chunk, its
 * imports and theirs, and the query client every lazy screen arrives in (web/app/lazy-route.tsx).
 */
import fs from 'node:fs';
import path from 'node:path';

type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The screen module behind each first path segment (web/app/router.tsx); '/' is in the entry. */
const PAGE_MODULES: Record<string, string> = {
  waitlist: 'app/routes/waitlist-route.tsx',
  auth: 'app/routes/auth-route.tsx',
  alpha: 'app/routes/alpha-route.tsx',
  admin: 'app/routes/admin-route.tsx',
  demo: 'app/routes/demo-route.tsx',
  editor: 'app/routes/editor-route.tsx',
  'editor-original': 'app/routes/editor-original-route.tsx',
};
const LAZY_ROUTE_WRAPPER = 'app/query-provider.tsx';

/** Returns, for a pathname, the `<link rel="modulepreload">` tags of its screen ('' if none). */
export function loadPagePreloads(root: string): (pathname: string) => string {
  const file = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  const entry = new Set(closure(manifest, 'index.html'));
  const tags = new Map<string, string>();
  for (const [segment, module] of Object.entries(PAGE_MODULES)) {
    if (!manifest[module]) continue;
    // What the entry already loads is in the shell's own tags.
    const files = [...new Set([...closure(manifest, module), ...closure(manifest, LAZY_ROUTE_WRAPPER)])].filter((f) => !entry.has(f));
    tags.set(segment, files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join(''));
  }
  return (pathname) => tags.get(pathname.split('/')[1] ?? '') ?? '';
}

/** The chunk of `key` and every chunk it statically imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => closure(manifest, k, seen))];
}
