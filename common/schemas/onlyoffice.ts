/**
 * ONLYOFFICE Docs as the second editor (docs/decisions/013-onlyoffice-integration.md): the editor
 * config the server signs, and the messages between the editor page and the assistant plugin
 * (onlyoffice-plugin/). The plugin is plain JavaScript and repeats the guid and message types.
 */
import { z } from 'zod';

/** The assistant plugin's guid, the same in onlyoffice-plugin/config.json. */
export const PLUGIN_GUID = 'asc.{6e1a6f3c-2b0d-4c55-9a4e-7d3f0c8b5e21}';

/** Where Redraft serves the plugin (and where it sits on a Document Server: `sdkjs-plugins/<folder>/`). */
export const PLUGIN_FOLDER = 'redraft-assistant';

/** Characters a Document Server accepts in `document.key`, at most 128 of them. */
export const DOCUMENT_KEY_PATTERN = /^[0-9A-Za-z\-._=]{1,128}$/;

export const DocumentPermissionsSchema = z.object({
  edit: z.boolean(),
  comment: z.boolean(),
  review: z.boolean(),
  download: z.boolean(),
  print: z.boolean(),
});

/** The config of docs/product.md §3, as `GET /api/documents/{id}/config` answers it. */
export const EditorConfigSchema = z.object({
  /** The Document Server's origin; the page loads `{documentServerUrl}/web-apps/apps/api/documents/api.js`. */
  documentServerUrl: z.string(),
  documentType: z.literal('word'),
  document: z.object({
    fileType: z.literal('docx'),
    key: z.string().regex(DOCUMENT_KEY_PATTERN),
    title: z.string(),
    /** Absolute; works without a cookie, for this document version only, for a few minutes. */
    url: z.string(),
    /** Passed to the editor unchanged. */
    permissions: DocumentPermissionsSchema,
  }),
  editorConfig: z.object({
    callbackUrl: z.string(),
    mode: z.enum(['edit', 'view']),
    lang: z.string(),
    user: z.object({ id: z.string(), name: z.string() }),
    customization: z.record(z.string(), z.unknown()),
    plugins: z.object({
      autostart: z.array(z.string()),
      pluginsData: z.array(z.string()),
    }),
  }),
  /** HS256 over everything above but `documentServerUrl`, with DOCUMENT_SERVER_JWT_SECRET. */
  token: z.string(),
});
export type EditorConfig = z.infer<typeof EditorConfigSchema>;

/** `GET /api/documents/{id}/callback/status`: has the Document Server called back under the open key? */
export const CallbackStatusSchema = z.object({
  key: z.string().nullable(),
  lastCallbackAt: z.string().nullable(),
});
export type CallbackStatus = z.infer<typeof CallbackStatusSchema>;

/** Which editor this server opens documents in; the HTML shell says so in `<meta name="redraft-editor">`. */
export const EditorKindSchema = z.enum(['embedded', 'onlyoffice']);
export type EditorKind = z.infer<typeof EditorKindSchema>;

/** Plugin → page: the selection changed, or the answer to `getCurrentSelection`. */
export const PluginToHostMessageSchema = z.object({
  guid: z.literal(PLUGIN_GUID),
  type: z.enum(['selectionChanged', 'currentSelection', 'pluginReady', 'inserted']),
  data: z.object({ selectedText: z.string() }),
});
export type PluginToHostMessage = z.infer<typeof PluginToHostMessageSchema>;

/**
 * Page → plugin. `insertText` replaces the selection when there is one, else inserts at the caret;
 * with `at: 'caret'` it goes in right after the selection, which stays (the chat's Insert).
 */
export const HostToPluginMessageSchema = z.discriminatedUnion('type', [
  z.object({ guid: z.literal(PLUGIN_GUID), type: z.literal('getCurrentSelection'), data: z.object({}).optional() }),
  z.object({
    guid: z.literal(PLUGIN_GUID),
    type: z.literal('insertText'),
    data: z.object({ text: z.string(), suggest: z.boolean().optional(), at: z.enum(['selection', 'caret']).optional() }),
  }),
]);
export type HostToPluginMessage = z.infer<typeof HostToPluginMessageSchema>;
