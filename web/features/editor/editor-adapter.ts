/**
 * The seam between the editor screen and whatever engine edits the document (docs/product.md §2 and §4, 5).
 * The embedded editor implements it today; an ONLYOFFICE one will plug in beside it, so nothing
 * outside an implementation may reach past this interface to the engine itself.
 */

/** What the screen shows about the editor; a new object whenever any field changes. */
export type EditorSnapshot = {
  /** The document is loaded and can be edited. */
  ready: boolean;
  /** The engine's plugin channel is up (ONLYOFFICE); the embedded editor has none, so it equals `ready`. */
  pluginReady: boolean;
  /** The text selected in the document; '' when the selection is empty. */
  selectedText: string;
  /**
   * Edits are refused for now (`setReadOnly`, e.g. while a save conflict awaits the person's
   * choice): neither the user nor the assistant may change the document. Absent: editable.
   */
  readOnly?: boolean;
  /** The change `previewChange` shows, waiting for Accept or Discard; absent or null: none. */
  preview?: PreviewShown | null;
};

export type ReplaceOptions = {
  /** Write a tracked change (deletion + insertion by the assistant) instead of editing in place. */
  suggest: boolean;
  /**
   * Put `text` in exactly as it is, even blank (a review turns a double space into one, or deletes
   * a repeated word): no blank lines dropped, no refusal of white space. Absent: the chat's rule.
   */
  exact?: boolean;
};

/**
 * A change the assistant proposes: 'replace', the selection becomes `text` (as `replaceSelection`
 * with these options does it); 'insert', `text` goes in at the caret (as `insertAtCaret`).
 */
export type ProposedChange = ReplaceOptions & {
  kind: 'replace' | 'insert';
  text: string;
  /**
   * Why the assistant proposes it. When the change is written as a tracked change (`suggest`), a
   * Word comment by the assistant anchored on it says this, beside the change in Word and LibreOffice.
   */
  reason?: string;
};

/** A previewed change as the screen describes it: the text struck out, the text put in, and why. */
export type PreviewShown = { removed: string; added: string; reason?: string };

/** What became of a previewed change: the person accepted it (and it was made), discarded it, or it could not be shown or made. */
export type PreviewOutcome = 'accepted' | 'discarded' | 'failed';

/**
 * A passage of one paragraph as the server's review quotes it: `quote` at `offset` in the
 * paragraph's visible text (its text runs, tabs as '\t', breaks as '\n'; deleted text left out).
 */
export type Passage = { paraId: string | null; offset: number; quote: string };

/**
 * What became of a request to select a passage: `selected`; `changed`, the paragraph is there but
 * the quote is no longer in it; `missing`, no paragraph with that id in the editor's document body.
 */
export type PassageLookup = 'selected' | 'changed' | 'missing';

export interface EditorAdapter {
  getSnapshot(): EditorSnapshot;
  /** For `useSyncExternalStore`: called whenever the snapshot changes. Returns unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Called with the selected text on every selection change ('' for an empty one). Returns unsubscribe. */
  onSelectionChange(listener: (selectedText: string) => void): () => void;
  /** Called after every edit of the document's content, by the user or by this adapter. Returns unsubscribe. */
  onContentChange(listener: () => void): () => void;
  /**
   * Reports, now, an edit the engine has made but not yet announced through onContentChange, so
   * that a save asked for at once (Ctrl+S just after typing) includes it.
   */
  flushChanges(): void;
  /** Called when the user asks the engine's own UI to save (its File > Save). Returns unsubscribe. */
  onSaveRequest(listener: () => void): () => void;
  /** Reads the selection from the engine again (the 'Check Selection' button) and returns it. */
  checkSelection(): string;
  /**
   * Replaces the selected text with `text`, which takes the formatting of the text it replaces.
   * Returns false when nothing was changed: not ready, no selection, or blank text (docs/product.md §5).
   */
  replaceSelection(text: string, options: ReplaceOptions): boolean;
  /** Inserts `text` at the caret (after the selection, which stays) with the formatting there. */
  insertAtCaret(text: string): boolean;
  /** The document as .docx bytes, as it is now. */
  save(): Promise<ArrayBuffer>;
  /**
   * Refuses (true) or allows again edits through this adapter: `replaceSelection` and
   * `insertAtCaret` then change nothing, and the snapshot says `readOnly`. The page makes the
   * engine's own view non-editable itself. Only engines whose page saves the document have it.
   */
  setReadOnly?(readOnly: boolean): void;
  /**
   * Scrolls to `passage` and selects it, so that `replaceSelection` then replaces it. The quote is
   * looked for at its offset first, then anywhere in the paragraph (the nearest occurrence), since
   * the paragraph may have been edited since it was quoted. Only engines whose page can reach the
   * document's paragraphs have it (the embedded editor; ONLYOFFICE's plugin channel cannot).
   */
  selectPassage?(passage: Passage): PassageLookup;
  /**
   * Shows `change` in place without making it (the text it replaces struck out, the new text
   * underlined) and waits for the person: Accept makes it exactly as `replaceSelection` or
   * `insertAtCaret` would (plus the comment of its `reason` when it is a tracked change); Discard
   * leaves the document as it was. A new preview discards the one still waiting. Resolves with
   * what the person chose; 'failed' at once when there is nothing to change (the same rules as
   * `replaceSelection`). Only engines that can draw over their pages have it (the embedded editor).
   */
  previewChange?(change: ProposedChange): Promise<PreviewOutcome>;
}
