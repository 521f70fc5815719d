/**
 * GET /api/documents/:id/config: what the page passes to `new DocsAPI.DocEditor()`, signed so the
 * Document Server trusts it (docs/onlyoffice.md). The key is the document's open key; the file URL
 * is signed for this version alone and works for a few minutes without a cookie.
 */
import { randomBytes } from 'node:crypto';
import { type EditorConfig, PLUGIN_FOLDER, PLUGIN_GUID } from '@common/schemas/onlyoffice';
import type { Deps } from '../../deps';
import { AppError } from '../../http/app-error';
import type { Actor } from '../auth/auth.service';
import { openVersionForEditing } from '../documents/documents.service';
import * as repo from './onlyoffice.repo';
import { type Secrets, secretsFrom, signConfig, signFileToken } from './tokens';

export type DocumentServer = { url: string; publicUrl: string; secrets: Secrets };

/** The Document Server settings, or a 404 saying this server uses the embedded editor. */
export function documentServerOf(deps: Deps): DocumentServer {
  const ds = deps.config.documentServer;
  // config.ts requires PUBLIC_URL beside DOCUMENT_SERVER_URL.
  if (!ds || !deps.config.publicUrl) {
    throw new AppError('not_found', 'No Document Server is configured: this server opens documents in its embedded editor.');
  }
  return { url: ds.url, publicUrl: deps.config.publicUrl, secrets: secretsFrom(ds.jwtSecret) };
}

/** `{document}.{version}.{random}`: readable in logs, never the same twice (a reused key shows stale content). */
const newKey = (documentId: number, version: number) => `${documentId}.${version}.${randomBytes(9).toString('base64url')}`;

export async function editorConfig(deps: Deps, actor: Actor, id: number): Promise<EditorConfig> {
  const ds = documentServerOf(deps);
  const { doc, version } = await openVersionForEditing(deps, actor, id);
  const key = await repo.openKey(deps.database.db, id, version.version, newKey(id, version.version), deps.clock.now());
  return buildConfig(deps, ds, actor, { id, title: doc.originalName, key: key.key, version: key.version });
}

/**
 * For the editor's `onRequestRefreshFile` (the version changed under it): a new key for the latest
 * version, so the Document Server does not serve what it cached under the old one.
 */
export async function refreshedConfig(deps: Deps, actor: Actor, id: number): Promise<EditorConfig> {
  const ds = documentServerOf(deps);
  const { doc, version } = await openVersionForEditing(deps, actor, id);
  const key = await repo.renewKey(deps.database.db, id, version.version, newKey(id, version.version), deps.clock.now());
  deps.log.info({ documentId: id, key: key.key }, 'onlyoffice: editor asked for a refresh; new key issued');
  return buildConfig(deps, ds, actor, { id, title: doc.originalName, key: key.key, version: key.version });
}

type ConfigFor = { id: number; title: string; key: string; version: number };

async function buildConfig(deps: Deps, ds: DocumentServer, actor: Actor, file: ConfigFor): Promise<EditorConfig> {
  const fileToken = await signFileToken(ds.secrets, deps.clock, { documentId: file.id, version: file.version });
  const signed = {
    documentType: 'word' as const,
    document: {
      fileType: 'docx' as const,
      key: file.key,
      title: file.title,
      url: `${ds.publicUrl}/api/documents/${file.id}/file?token=${fileToken}`,
      permissions: { edit: true, comment: true, review: true, download: true, print: true },
    },
    editorConfig: {
      callbackUrl: `${ds.publicUrl}/api/documents/${file.id}/callback`,
      mode: 'edit' as const,
      lang: 'en',
      user: { id: String(actor.id), name: actor.name },
      customization: { autosave: true, forcesave: true, compactHeader: true, feedback: false, help: false },
      plugins: pluginsFor(ds),
    },
  };
  return { documentServerUrl: ds.url, ...signed, token: await signConfig(ds.secrets, deps.clock, signed) };
}

/** The assistant plugin, served by Redraft itself (plugin.routes.ts) and started with the editor. */
export function pluginsFor(ds: DocumentServer) {
  return { autostart: [PLUGIN_GUID], pluginsData: [`${ds.publicUrl}/sdkjs-plugins/${PLUGIN_FOLDER}/config.json`] };
}
