/**
 * A Redraft app that opens documents in ONLYOFFICE, listening on a real port (the Document Server
 * calls it back), beside a fake Document Server started with the same secret.
 */
import { buildTemplateDocx } from '../../server/templates/docx-builder';
import { startFakeDocumentServer } from './fake-document-server/server';
import { freePort } from './server-process';
import { createTestApp, type TestAppOptions } from './test-app';

export const DS_SECRET = 'test-document-server-secret';

export async function createOnlyofficeApp(options: TestAppOptions = {}) {
  const ds = await startFakeDocumentServer({ secret: DS_SECRET });
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({
    ...options,
    env: { DOCUMENT_SERVER_URL: ds.url, DOCUMENT_SERVER_JWT_SECRET: DS_SECRET, PUBLIC_URL: publicUrl, ...options.env },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  return {
    ...t,
    ds,
    publicUrl,
    close: async () => {
      await t.close();
      await ds.close();
    },
  };
}

/** A small, valid .docx whose body says `text`, as a Document Server would send after an edit. */
export function docxSaying(text: string): Uint8Array {
  return buildTemplateDocx({ title: 'Edited in ONLYOFFICE', subtitle: text, description: 'test', sections: [{ heading: 'Body', guidance: [text] }] });
}
