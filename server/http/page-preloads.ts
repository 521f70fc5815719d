/**
 * Which chunks a page will import, read from Vite's build manifest, so the shell can ask for them
 * at once (`modulepreload`) instead of one level of imports at a time: a lazy screen's chunk, its
 * imports and theirs, and the query client every lazy screen arrives in (web/app/lazy-route.tsx).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { EditorKind } from '@common/schemas/onlyoffice';

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** /editor/{id}/compare is its own screen, not the editor's. */
const COMPARE = 'editor/compare';
const COMPARE_PATH = /^\/editor\/\d{1,16}\/compare\/?$/;

/** The screen module behind each first path segment (web/app/router.tsx); '/' is in the entry. */
const PAGE_MODULES: Record<string, string> = {
  waitlist: 'app/routes/waitlist-route.tsx',
  auth: 'app/routes/auth-route.tsx',
  alpha: 'app/routes/alpha-route.tsx',
  admin: 'app/routes/admin-route.tsx',
  demo: 'app/routes/demo-route.tsx',
  editor: 'app/routes/editor-route.tsx',
  'editor-original': 'app/routes/editor-original-route.tsx',
  [COMPARE]: 'app/routes/compare-route.tsx',
  'style-rules': 'app/routes/style-rules-route.tsx',
};
const LAZY_ROUTE_WRAPPER = 'app/query-provider.tsx';
/**
 * An editor page with a document id always needs its editor, which it imports lazily (one chunk
 * per engine, web/app/routes/editor-page.tsx): ask for the one this server opens documents in.
 */
const WORKSPACE_MODULES: Record<EditorKind, string> = {
  embedded: 'app/routes/editor-workspace.tsx',
  onlyoffice: 'app/routes/onlyoffice-workspace.tsx',
};

/** Returns, for a pathname, the preload tags of its screen ('' if none). */
export function loadPagePreloads(root: string, editor: EditorKind): (pathname: string) => string {
  const file = path.join(root, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) return (pathname) => dataPreloads(editorDocumentId(pathname), editor);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  // What the entry already loads is in the shell's own tags.
  const entry = new Set(closure(manifest, 'index.html'));
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const chunkTags = (files: string[]) => {
    const wanted = [...new Set(files)].filter((f) => !entry.has(f));
    // A lazy chunk's stylesheet is otherwise requested only once its code has run. `crossorigin`
    // as on the link Vite's loader adds for it: a preload whose mode differs is not reused, and
    // the browser downloads the stylesheet a second time.
    const styles = [...new Set(wanted.flatMap((f) => byFile.get(f)?.css ?? []))];
    return (
      wanted.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('') +
      styles.map((f) => `<link rel="preload" as="style" crossorigin href="/${f}">`).join('')
    );
  };
  const tags = new Map<string, string>();
  for (const [segment, module] of Object.entries(PAGE_MODULES)) {
    if (manifest[module]) tags.set(segment, chunkTags([...closure(manifest, module), ...closure(manifest, LAZY_ROUTE_WRAPPER)]));
  }
  const workspace = chunkTags(closure(manifest, WORKSPACE_MODULES[editor]));
  return (pathname) => {
    const page = tags.get(COMPARE_PATH.test(pathname) ? COMPARE : (pathname.split('/')[1] ?? '')) ?? '';
    const id = editorDocumentId(pathname);
    return id === null ? page : page + workspace + dataPreloads(id, editor);
  };
}

const EDITOR_PATH = /^\/(?:editor|editor-original)\/(\d{1,16})\/?$/;

/** The document id of an editor page, by the page's own rule (docs/product.md §5), else null. */
function editorDocumentId(pathname: string): number | null {
  const raw = EDITOR_PATH.exec(pathname)?.[1];
  const id = Number(raw);
  return raw !== undefined && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * An editor page asks for the user, the document and (embedded editor) its bytes as soon as its
 * code runs; named here, they download while that code does, instead of one after the other.
 * `use-credentials` matches the page's own requests (credentials: 'include'), so the browser
 * reuses these answers instead of asking again.
 */
function dataPreloads(id: number | null, editor: EditorKind): string {
  if (id === null) return '';
  const urls = ['/api/auth/user', `/api/documents/${id}`, ...(editor === 'embedded' ? [`/api/documents/${id}/content`] : [])];
  return urls.map((url) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${url}">`).join('');
}

/** The chunk of `key` and every chunk it statically imports, transitively. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((k) => closure(manifest, k, seen))];
}
