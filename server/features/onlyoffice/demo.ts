/**
 * The /demo page's editor: the public sample in a read-only editor. Its config, file and callback
 * are routes of their own, so the fixed demo paths the product brief names (`/api/documents/4/...`,
 * docs/product.md §7) stay ordinary owner-only document routes and never a way to read document 4.
 */
import type { EditorConfig } from '@common/schemas/onlyoffice';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import { documentServerOf } from './editor-config';
import { demoSample } from './demo-sample';
import { signConfig, verifyCallback } from './tokens';

export async function demoConfig(deps: Deps): Promise<EditorConfig> {
  const ds = documentServerOf(deps);
  const sample = demoSample();
  const signed = {
    documentType: 'word' as const,
    document: {
      fileType: 'docx' as const,
      key: sample.key,
      title: sample.title,
      url: `${ds.publicUrl}/api/demo/document`,
      permissions: { edit: false, comment: false, review: false, download: true, print: true },
    },
    editorConfig: {
      callbackUrl: `${ds.publicUrl}/api/demo/callback`,
      mode: 'view' as const,
      lang: 'en',
      user: { id: 'demo', name: 'Demo visitor' },
      customization: { compactHeader: true, feedback: false, help: false },
      plugins: { autostart: [], pluginsData: [] },
    },
  };
  return { documentServerUrl: ds.url, ...signed, token: await signConfig(ds.secrets, deps.clock, signed) };
}

/** A viewer never saves; the callback only confirms it heard the Document Server, and stores nothing. */
export async function demoCallback(deps: Deps, body: Record<string, unknown>, authorization: string | undefined) {
  const ds = documentServerOf(deps);
  const verified = await verifyCallback(ds.secrets, deps.clock, body.token, authorization);
  if (!verified.ok) throw new AppError('forbidden', 'The callback token is not valid.');
  return { error: 0 as const };
}
