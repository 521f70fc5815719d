/**
 * Mounts the embedded DocxEditor and wires it to an EmbeddedEditorAdapter. This file (and what it
 * imports) is the ~0.5 MB gzip editor chunk: only the lazily loaded editor page may import it.
 */
import { setGoogleFontsEnabled } from '@eigenpal/docx-editor-core';
import { DocxEditor, type DocxEditorRef } from '@eigenpal/docx-editor-react';
import '@eigenpal/docx-editor-react/styles.css';
import { useCallback, useEffect, useRef } from 'react';
import type { EmbeddedEditorAdapter } from './embedded-editor-adapter';
import { OpeningNote } from './opening-note';
import { useProgressiveOpen } from './use-progressive-open';

// Otherwise the editor fetches fonts from fonts.googleapis.com, which our CSP (and privacy) rule out.
setGoogleFontsEnabled(false);

/** Zoom steps of 5%, and never so small that the text cannot be read. */
const ZOOM_STEP = 0.05;
const MIN_FIT_ZOOM = 0.5;
/** Room on each side of the page, so its shadow and the comment button show. */
const PAGE_GUTTER_PX = 16;

type EmbeddedDocxEditorProps = {
  adapter: EmbeddedEditorAdapter;
  documentBuffer: ArrayBuffer;
  /** Author of the user's own comments and tracked changes. */
  author: string;
  /** Opens the document for reading only (the public sample on /demo). */
  readOnly?: boolean;
  onError: (error: Error) => void;
};

export function EmbeddedDocxEditor({ adapter, documentBuffer, author, readOnly = false, onError }: EmbeddedDocxEditorProps) {
  const editor = useRef<DocxEditorRef | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const attach = useCallback(
    (ref: DocxEditorRef | null) => {
      editor.current = ref;
      adapter.attach(ref);
    },
    [adapter],
  );
  useEffect(() => () => adapter.detach(), [adapter]);
  const opening = useProgressiveOpen({ documentBuffer, readOnly, editor, onError });

  /**
   * The editor lays its pages out in a box as wide as a page at 100% plus gutters and zooms with a
   * CSS transform, so in a pane narrower than that box (the 70% pane of a laptop screen) the page
   * sits off-centre with its right edge under the chat. Open it zoomed to fit the pane once (the
   * toolbar's zoom is the user's after that) and keep it centred when the pane is resized.
   */
  const fitted = useRef(false);
  const layoutPage = useCallback(() => {
    const scroller = frame.current?.querySelector<HTMLElement>('.docx-editor__scroll-container');
    const page = scroller?.querySelector<HTMLElement>('.layout-page');
    const ref = editor.current;
    if (!scroller || !page || !ref) return;
    if (!fitted.current) {
      fitted.current = true;
      // offsetWidth ignores transforms: it is the page's width at 100%.
      const fit = Math.floor((scroller.clientWidth - 2 * PAGE_GUTTER_PX) / page.offsetWidth / ZOOM_STEP) * ZOOM_STEP;
      const zoom = Math.min(1, Math.max(MIN_FIT_ZOOM, fit));
      if (zoom < 1) {
        ref.setZoom(zoom);
        // The caret overlay and the page move at the next layout: redraw, then centre.
        requestAnimationFrame(() => {
          ref.getEditorRef()?.relayout();
          requestAnimationFrame(layoutPage);
        });
        return;
      }
    }
    const pageBox = page.getBoundingClientRect();
    const viewBox = scroller.getBoundingClientRect();
    scroller.scrollLeft += pageBox.left + pageBox.width / 2 - (viewBox.left + viewBox.width / 2);
  }, []);

  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(() => layoutPage());
    observer.observe(el);
    return () => observer.disconnect();
  }, [layoutPage]);

  const { viewReady, whole } = opening;
  const onReady = useCallback(() => {
    // Only the whole document is editable; its first pages were a preview (use-progressive-open.ts).
    if (viewReady()) adapter.handleViewReady();
    requestAnimationFrame(layoutPage);
  }, [adapter, layoutPage, viewReady]);
  const onChange = useCallback(() => {
    if (whole()) adapter.handleContentChange();
  }, [adapter, whole]);

  if (opening.state.kind === 'parsing-head') return <OpeningNote />;
  // Mounted with the preview, the editor keeps that prop: the whole document came by loadDocument.
  const source = opening.state.head ? { document: opening.state.head } : { documentBuffer };
  return (
    // While the first pages stand in for the document, nothing in it can be focused or edited:
    // what was typed there would vanish when the whole document replaces them.
    <div ref={frame} className="relative h-full">
      {opening.state.kind === 'head' && <OpeningNote overlay />}
      <div className="h-full" inert={opening.state.kind === 'head'}>
      <DocxEditor
        ref={attach}
        {...source}
        mode={readOnly ? 'viewing' : 'editing'}
        author={author}
        showFileOpen={false}
        // Its toggle floats at the left edge of the scrolled page area, where centring the page
        // (below) leaves it cut in half; the outline is not part of the editor screen (docs/product.md §2).
        showOutlineButton={false}
        onEditorViewReady={onReady}
        onSelectionChange={adapter.handleSelectionChange}
        onChange={onChange}
        onSave={adapter.handleSaveRequest}
        onError={onError}
        className="h-full"
      />
      </div>
    </div>
  );
}
