/**
 * Which editor this server opens documents in (docs/decisions/013-onlyoffice-integration.md). The
 * server fills `<meta name="redraft-editor">` in the HTML shell; anything it did not fill (the
 * `__EDITOR_KIND__` placeholder under `vite dev`, a missing tag) means the embedded editor.
 */
import type { EditorKind } from '@common/schemas/onlyoffice';

/** What each editor is called on screen, e.g. the /demo page's title (docs/product.md §2). */
export const EDITOR_NAMES: Record<EditorKind, string> = {
  embedded: 'DOCX Editor',
  onlyoffice: 'ONLYOFFICE',
};

export function readEditorKind(doc: Pick<Document, 'querySelector'>): EditorKind {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="redraft-editor"]')?.content;
  return content === 'onlyoffice' ? 'onlyoffice' : 'embedded';
}

let kind: EditorKind | undefined;

/** Read once: the shell does not change while the page lives. */
export function editorKind(): EditorKind {
  kind ??= typeof document === 'undefined' ? 'embedded' : readEditorKind(document);
  return kind;
}
