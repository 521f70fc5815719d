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
  /** A change is previewed, waiting for Accept or Discard: none other is offered until it is settled. */
  preview?: object | null;
};

/** An answer put into the document: replacing the selection, or at the caret. */
export type ChatChange = {
  kind: 'replace' | 'insert';
  text: string;
  /** Written as a tracked change by the assistant (a replacement, or an insertion at the caret), with `reason` as its comment. */
  suggest: boolean;
  /** What the assistant did (the comment on a tracked change): 'Simplify: rewritten in plainer words'. */
  reason?: string;
};

export type ChatEditor = {
  getSnapshot(): ChatEditorSnapshot;
  subscribe(listener: () => void): () => void;
  onSelectionChange(listener: (selectedText: string) => void): () => void;
  checkSelection(): string;
  replaceSelection(text: string, options: { suggest: boolean }): boolean;
  insertAtCaret(text: string): boolean;
  /**
   * Shows the change in the document first, made only if the person accepts it there. Absent
   * (ONLYOFFICE): Replace and Insert change the document at once.
   */
  previewChange?(change: ChatChange): Promise<'accepted' | 'discarded' | 'failed'>;
};
