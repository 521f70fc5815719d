/**
 * What the chat needs from the document editor. Features do not import each other, so the chat
 * states its needs here and the editor screen passes the editor feature's EditorAdapter, which
 * matches this shape; any engine behind that adapter (embedded, ONLYOFFICE) works unchanged.
 */
export type ChatEditorSnapshot = {
  ready: boolean;
  pluginReady: boolean;
  selectedText: string;
  /** Edits are refused for now (a save conflict awaits the person's choice): nothing may be inserted. */
  readOnly?: boolean;
};

export type ChatEditor = {
  getSnapshot(): ChatEditorSnapshot;
  subscribe(listener: () => void): () => void;
  onSelectionChange(listener: (selectedText: string) => void): () => void;
  checkSelection(): string;
  replaceSelection(text: string, options: { suggest: boolean }): boolean;
  insertAtCaret(text: string): boolean;
};
