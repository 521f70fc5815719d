/**
 * What the review needs from the document editor. Features do not import each other, so the
 * review states its needs here and the editor screen passes the editor feature's EditorAdapter,
 * which matches this shape. `selectPassage` is optional: an engine without it (ONLYOFFICE, whose
 * plugin channel cannot reach a paragraph by its id) shows the findings without select and apply.
 */
export type ReviewEditorSnapshot = {
  ready: boolean;
  /** Edits are refused for now (a save conflict awaits the person's choice). */
  readOnly?: boolean;
  /** A change is previewed, waiting for Accept or Discard: none other is applied until it is settled. */
  preview?: object | null;
};

/** A finding's replacement put in for its selected passage. */
export type FindingChange = {
  kind: 'replace';
  text: string;
  suggest: boolean;
  exact: true;
  /** The finding's reason: the comment on the tracked change. */
  reason: string;
};

export type Passage = { paraId: string | null; offset: number; quote: string };
export type PassageLookup = 'selected' | 'changed' | 'missing';

export type ReviewEditor = {
  getSnapshot(): ReviewEditorSnapshot;
  subscribe(listener: () => void): () => void;
  /** Scrolls to the passage and selects it (looked for in its paragraph if it moved). */
  selectPassage?(passage: Passage): PassageLookup;
  /** The chat's Replace: the selection becomes `text`, keeping its formatting; a tracked change when `suggest`. */
  replaceSelection(text: string, options: { suggest: boolean; exact?: boolean }): boolean;
  /**
   * Shows the change in the document first, made only if the person accepts it there. Absent
   * (an engine that cannot draw over its pages): Apply changes the document at once.
   */
  previewChange?(change: FindingChange): Promise<'accepted' | 'discarded' | 'failed'>;
};
