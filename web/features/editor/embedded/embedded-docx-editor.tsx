/**
 * Mounts the embedded DocxEditor and wires it to an EmbeddedEditorAdapter. This file (and what it
 * imports) is the ~0.5 MB gzip editor chunk: only the lazily loaded editor page may import it.
 */
import { setGoogleFontsEnabled } from '@eigenpal/docx-editor-core';
import { DocxEditor, type DocxEditorRef } from '@eigenpal/docx-editor-react';
import '@eigenpal/docx-editor-react/styles.css';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { changePreviewPlugin } from './change-preview';
import { ChangePreviewBar, usePreviewAnchor } from './change-preview-bar';
import type { EmbeddedEditorAdapter } from './embedded-editor-adapter';
import { OpeningNote } from './opening-note';
import { useProgressiveOpen } from './use-progressive-open';

// Otherwise the editor fetches fonts from fonts.googleapis.com, which our CSP (and privacy) rule out.
setGoogleFontsEnabled(false);

/** Zoom steps of 5%, and never so small that the text cannot be read. */
const ZOOM_STEP = 0.05;
const MIN_FIT_ZOOM = 0.5;
/** Below this the page's text is too small to read, so the cards give way rather than the page. */
const MIN_ZOOM_BESIDE_CARDS = 0.75;
/** Room on each side of the page, so its shadow and the comment button show. */
const PAGE_GUTTER_PX = 16;
/** The editor's space between the page and its comment cards (12 px) with a little to spare. */
const CARD_GAP_PX = 16;

type EmbeddedDocxEditorProps = {
  adapter: EmbeddedEditorAdapter;
  documentBuffer: ArrayBuffer;
  /** Author of the user's own comments and tracked changes. */
  author: string;
  /** Opens the document for reading only (the public sample on /demo). */
  readOnly?: boolean;
  onError: (error: Error) => void;
};

/** The largest zoom step, at most 100%, at which `width` (at 100%) fits in `room`. */
const zoomToFit = (room: number, width: number) => Math.min(1, Math.floor(room / width / ZOOM_STEP) * ZOOM_STEP);

/** The first page and, when the document has comments or tracked changes, the card column beside it. */
function sheetAndCards(scroller: HTMLElement) {
  const page = scroller.querySelector<HTMLElement>('.layout-page');
  if (!page) return null;
  const cards = scroller.querySelector<HTMLElement>('.docx-unified-sidebar');
  const box = (withCards: boolean) => {
    const sheet = page.getBoundingClientRect();
    if (!cards || !withCards) return { left: sheet.left, width: sheet.width };
    const column = cards.getBoundingClientRect();
    const left = Math.min(sheet.left, column.left);
    return { left, width: Math.max(sheet.right, column.right) - left };
  };
  return {
    box,
    /** The page's width at 100% (it scales with the zoom) and the cards' (they keep their size). */
    widths: () => ({ page: page.offsetWidth, cards: cards ? CARD_GAP_PX + cards.offsetWidth : 0 }),
  };
}

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
  // One preview plugin per editor, the same array every render: a new one would rebuild its state.
  const [plugins] = useState(() => [changePreviewPlugin()]);
  const preview = useSyncExternalStore(adapter.subscribe, () => adapter.getSnapshot().preview ?? null);
  const previewAt = usePreviewAnchor(frame, preview !== null);
  const opening = useProgressiveOpen({ documentBuffer, readOnly, editor, onError });

  /**
   * The editor lays its pages out in a box as wide as a page at 100% plus gutters and zooms with a
   * CSS transform, so in a pane narrower than that box (the 70% pane of a laptop screen) the page
   * sits off-centre with its right edge under the chat. A document with comments or tracked changes
   * also gets a 340 px card column beside the page, which the editor makes room for by sliding the
   * page left (a 0.2 s transition) after it says it is ready. So: zoom the page to fit the pane
   * with its cards beside it (or alone, when that would make its text too small to read) and centre
   * what fits, at open and whenever a width changes (the cards come or go, the pane is resized)
   * while the zoom is still ours (once the user picks one in the toolbar it is theirs); re-centre
   * after every slide.
   */
  const fittedZoom = useRef<number | null>(null);
  /** The page, cards and pane widths the zoom was last fitted to, and whether the cards were in. */
  const fittedFor = useRef('');
  const cardsInView = useRef(false);
  const layoutPage = useCallback(() => {
    const scroller = frame.current?.querySelector<HTMLElement>('.docx-editor__scroll-container');
    const ref = editor.current;
    const unit = scroller && sheetAndCards(scroller);
    if (!scroller || !unit || !ref) return;
    const zoom = ref.getZoom();
    // Sizes, not positions: positions are mid-slide while the editor makes room for the cards.
    const widths = unit.widths();
    const fitKey = `${widths.page}:${widths.cards}:${scroller.clientWidth}`;
    const zoomIsOurs = fittedZoom.current === null || Math.abs(zoom - fittedZoom.current) < 1e-6;
    if (zoomIsOurs && fitKey !== fittedFor.current) {
      fittedFor.current = fitKey;
      const room = scroller.clientWidth - 2 * PAGE_GUTTER_PX;
      const besideCards = zoomToFit(room - widths.cards, widths.page);
      // Text stays readable first: when the page and its cards only fit below that, fit the page
      // alone and leave the cards a scroll away to its right.
      cardsInView.current = widths.cards > 0 && besideCards >= MIN_ZOOM_BESIDE_CARDS;
      const next = cardsInView.current ? besideCards : Math.max(MIN_FIT_ZOOM, zoomToFit(room, widths.page));
      fittedZoom.current = next;
      if (Math.abs(next - zoom) > 1e-6) {
        ref.setZoom(next);
        // The caret overlay and the page move at the next layout: redraw, then centre.
        requestAnimationFrame(() => {
          ref.getEditorRef()?.relayout();
          requestAnimationFrame(layoutPage);
        });
        return;
      }
    }
    const box = unit.box(cardsInView.current);
    const view = scroller.getBoundingClientRect();
    // Wider than the pane even at the smallest zoom: keep the page's left edge in view.
    const shift =
      box.width > view.width - 2 * PAGE_GUTTER_PX
        ? box.left - (view.left + PAGE_GUTTER_PX)
        : box.left + box.width / 2 - (view.left + view.width / 2);
    scroller.scrollLeft += shift;
  }, []);

  const resized = useRef<ResizeObserver | null>(null);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const observer = new ResizeObserver(() => layoutPage());
    observer.observe(el);
    resized.current = observer;
    const afterSlide = (event: TransitionEvent) => {
      if (event.propertyName === 'transform') layoutPage();
    };
    el.addEventListener('transitionend', afterSlide);
    return () => {
      observer.disconnect();
      el.removeEventListener('transitionend', afterSlide);
    };
  }, [layoutPage]);
  /** The editor's content box widens when the card column appears (the page then slides, above). */
  const watchContent = useCallback(() => {
    const content = frame.current?.querySelector('.docx-editor__scroll-container > div');
    if (content) resized.current?.observe(content);
  }, []);

  const { viewReady, whole } = opening;
  const onReady = useCallback(() => {
    // Only the whole document is editable; its first pages were a preview (use-progressive-open.ts).
    if (viewReady()) adapter.handleViewReady();
    watchContent();
    requestAnimationFrame(layoutPage);
  }, [adapter, layoutPage, viewReady, watchContent]);
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
        externalPlugins={plugins}
        onEditorViewReady={onReady}
        onSelectionChange={adapter.handleSelectionChange}
        onChange={onChange}
        onSave={adapter.handleSaveRequest}
        onError={onError}
        className="h-full"
      />
      </div>
      {preview && <ChangePreviewBar preview={preview} at={previewAt} onAccept={adapter.acceptPreview} onDiscard={adapter.discardPreview} />}
    </div>
  );
}
