/**
 * What a document's history costs on disk (issue 15, point 5): 100 one-word saves of a 300-page
 * document through the real server (its own process, PGlite, DATA_DIR), each opened from the
 * current version, one word changed in a different paragraph, saved on that base. Printed: the
 * bytes the blob store holds for the document before and after, per save, and the ratio of the
 * history to one copy of the document (the reference, measured in the same run): the current
 * version as the server writes it, and the upload as Word (here fflate) wrote it. Versions share
 * storage by deltas (docs/decisions/027-version-storage.md). Two documents:
 * the generated 300-page contract of bench:editor (repetitive, compresses ~18x) and prose of the
 * same page count (compresses as real text does).
 *
 * Run: npx tsx bench/version-storage.bench.ts   (SAVES=20 to shorten it)
 */
import fs from 'node:fs';
import path from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { DOCX, multipart } from '../tests/support/multipart';
import { TestServer } from '../tests/support/server-process';
import { CLAUSES_FOR_PAGES, bigDocx } from './support/big-docx';
import { proseDocx } from './support/prose-docx';
import { signIn } from './support/sign-in';

const SAVES = Number(process.env.SAVES ?? 100);

function diskBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/** The package with one word of the body replaced, in a different text run for each n. */
function oneWordChanged(bytes: Uint8Array, n: number): Uint8Array {
  const files = unzipSync(bytes);
  const xml = strFromU8(files['word/document.xml']!);
  const runs = [...xml.matchAll(/(<w:t(?: [^>]*)?>[^<]*?)\b([A-Za-z]{4,})\b/g)];
  const run = runs[(n * 7919) % runs.length]!;
  const at = run.index! + run[1]!.length;
  files['word/document.xml'] = strToU8(`${xml.slice(0, at)}Edited${n}${xml.slice(at + run[2]!.length)}`);
  return zipSync(files);
}

async function measure(label: string, original: Uint8Array) {
  const server = await TestServer.start();
  try {
    const cookie = await signIn(server.url);
    const headers = { cookie, origin: server.url };
    const files = path.join(server.dataDir, 'files');
    const body = multipart({ filename: `${label}.docx`, type: DOCX, bytes: original });
    const up = await fetch(`${server.url}/api/documents/upload`, { method: 'POST', headers: { ...headers, ...body.headers }, body: body.payload });
    let doc = (await up.json()) as { id: number; status: string };
    while (doc.status !== 'complete') {
      if (doc.status === 'error') throw new Error(`${label}: processing failed`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      doc = (await (await fetch(`${server.url}/api/documents/${doc.id}`, { headers })).json()) as typeof doc;
    }
    const { id } = doc;
    const afterUpload = diskBytes(files);
    let refused = 0;
    for (let i = 0; i < SAVES; i++) {
      const content = await fetch(`${server.url}/api/documents/${id}/content`, { headers });
      if (!content.ok) throw new Error(`content: ${content.status} ${await content.text()}`);
      const version = content.headers.get('x-document-version')!;
      const edited = oneWordChanged(new Uint8Array(await content.arrayBuffer()), i);
      const saved = await fetch(`${server.url}/api/documents/${id}/content`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': DOCX, 'x-base-version': version },
        body: Buffer.from(edited),
      });
      if (!saved.ok) refused += 1;
      await saved.arrayBuffer();
    }
    const versions = (await (await fetch(`${server.url}/api/documents/${id}/versions`, { headers })).json()) as Array<{ byteSize: number }>;
    const total = diskBytes(files);
    const copy = versions[0]!.byteSize;
    const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
    console.info(
      `${label}: one copy ${kb(copy)} (upload ${kb(original.length)}); after the upload ${kb(afterUpload)}; after ${SAVES} one-word saves ` +
        `(${versions.length} versions, ${refused} refused) ${kb(total)}: ${kb((total - afterUpload) / SAVES)} a save, ` +
        `history = ${(total / copy).toFixed(1)}x one copy as the server writes it, ${(total / original.length).toFixed(1)}x the upload`,
    );
  } finally {
    await server.dispose();
  }
}

const pages300 = bigDocx(0, CLAUSES_FOR_PAGES.get(300)!);
await measure('generated 300-page contract', pages300);
// Prose of about the same text: the generated contract's body XML, unpacked, is ~800 KB.
await measure('300 pages of prose', proseDocx(300_000));
