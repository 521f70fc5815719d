/**
 * Opens a long document in two steps (decision 019): its first pages (document-head.ts) are
 * parsed and painted first, read-only; then the whole document is parsed and handed to the same
 * editor with `loadDocument`, which lays it out in place of the preview. Short documents, and
 * read-only ones, open the ordinary way in one step.
 */
import { parseDocx } from '@eigenpal/docx-editor-core/docx/parser';
import type { Document } from '@eigenpal/docx-editor-core/types/document';
import type { DocxEditorRef } from '@eigenpal/docx-editor-react';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { documentHead } from './document-head';

export type OpeningState =
  /** Long document: its first pages are being parsed; nothing to show yet. */
  | { kind: 'parsing-head' }
  /** The first pages are on screen (read-only) while the whole document is parsed and laid out. */
  | { kind: 'head'; head: Document }
  /** The whole document is in the editor. `head` is the document it was first mounted with, if any. */
  | { kind: 'whole'; head: Document | null };

type Options = {
  documentBuffer: ArrayBuffer;
  readOnly: boolean;
  editor: RefObject<DocxEditorRef | null>;
  onError: (error: Error) => void;
};

export function useProgressiveOpen({ documentBuffer, readOnly, editor, onError }: Options) {
  const [headBytes] = useState(() => (readOnly ? null : documentHead(documentBuffer)));
  const [state, setState] = useState<OpeningState>(headBytes ? { kind: 'parsing-head' } : { kind: 'whole', head: null });
  // The editor's callbacks read the phase between renders.
  const phase = useRef(state);
  const move = useCallback((next: OpeningState) => {
    phase.current = next;
    setState(next);
  }, []);
  const headSize = useRef<number | null>(null);
  const wholeLoaded = useRef(false);

  useEffect(() => {
    if (!headBytes) return;
    let live = true;
    parseDocx(headBytes).then(
      (head) => {
        if (!live) return;
        // The editor keeps its state when handed a document whose created-modified-title matches
        // the one it holds (it takes that for its own edits coming back), so the preview must
        // differ from the whole document there. It is never saved.
        head.package.properties = { ...head.package.properties, modified: new Date(1) };
        move({ kind: 'head', head });
      },
      // A head the editor cannot read: open the whole document the ordinary way.
      () => live && move({ kind: 'whole', head: null }),
    );
    return () => {
      live = false;
    };
  }, [headBytes, move]);

  const loadWhole = useCallback(() => {
    // A frame, then a task: the preview paints before the long parse starts.
    requestAnimationFrame(() =>
      setTimeout(() => {
        parseDocx(documentBuffer).then(
          (whole) => {
            wholeLoaded.current = true;
            editor.current?.loadDocument(whole);
          },
          (error: unknown) => onError(error instanceof Error ? error : new Error(String(error))),
        );
      }, 0),
    );
  }, [documentBuffer, editor, onError]);

  /**
   * The editor's `onEditorViewReady`, which fires after each layout: true once the whole document
   * is laid out. The first call in the 'head' phase is the preview's and starts the whole load.
   */
  const viewReady = useCallback(() => {
    const current = phase.current;
    if (current.kind === 'whole') return true;
    if (current.kind !== 'head') return false;
    const size = editor.current?.getEditorRef()?.getView()?.state.doc.content.size ?? 0;
    if (headSize.current === null) {
      headSize.current = size;
      loadWhole();
      return false;
    }
    // The whole document is longer than its head by construction (document-head.ts).
    if (!wholeLoaded.current || size <= headSize.current) return false;
    move({ kind: 'whole', head: current.head });
    return true;
  }, [editor, loadWhole, move]);

  const whole = useCallback(() => phase.current.kind === 'whole', []);

  return { state, viewReady, whole };
}
