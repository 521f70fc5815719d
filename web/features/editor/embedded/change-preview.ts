/**
 * The preview of a change the assistant proposes, drawn over the embedded editor's pages: the
 * text it would replace struck out, the text it would put in underlined just after it. Nothing in
 * the document changes: the preview is plugin state, set and cleared by transactions that carry
 * only metadata (no steps, so no undo entry, no save). The editor paints every plugin's
 * decorations over its laid-out pages (its decoration overlay), an inline decoration as boxes over
 * the range's text and a widget as its DOM at the position, so a plain ProseMirror plugin is enough.
 */
import { type EditorState, Plugin, PluginKey, type Transaction } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** What is previewed: `from..to` (empty for an insertion) would become `text`. */
export type PreviewRange = { from: number; to: number; text: string };

const previewKey = new PluginKey<PreviewRange | null>('redraft-change-preview');

/** A red line through the middle of the text, over a pale red tint that leaves the text readable. */
const STRUCK =
  'background: linear-gradient(to bottom, transparent calc(50% - 1px), rgb(220 38 38) calc(50% - 1px), rgb(220 38 38) calc(50% + 1px), transparent calc(50% + 1px)), rgb(254 202 202 / 0.35); border-radius: 2px;';

/**
 * The new text, just after the struck text: underlined in green on a pale green ground, over
 * (not between) the words that follow, which move only once the change is accepted.
 */
const ADDED =
  'position: absolute; left: 1px; top: 0; z-index: 1; display: flex; align-items: center; min-height: 100%; box-sizing: border-box; ' +
  'width: max-content; max-width: 32em; padding: 0 3px; white-space: pre-wrap; font-size: 0.92em; line-height: 1.2; ' +
  'background: rgb(236 253 245); color: rgb(6 95 70); text-decoration: underline; text-decoration-color: rgb(5 150 105); ' +
  'text-decoration-thickness: 2px; text-underline-offset: 2px; border-radius: 2px; box-shadow: 0 0 0 1px rgb(16 185 129), 0 2px 6px rgb(0 0 0 / 0.15);';

function addedText(text: string): HTMLElement {
  const span = document.createElement('span');
  span.dataset.changePreview = 'added';
  span.style.cssText = ADDED;
  span.textContent = text;
  return span;
}

/** One per editor: its state is that editor's preview. */
export function changePreviewPlugin(): Plugin<PreviewRange | null> {
  return new Plugin<PreviewRange | null>({
    key: previewKey,
    state: {
      init: () => null,
      apply(tr, value) {
        const meta = tr.getMeta(previewKey) as { preview: PreviewRange | null } | undefined;
        if (meta) return meta.preview;
        if (!value || !tr.docChanged) return value;
        // Edits elsewhere move the preview along; text typed at its ends stays outside it.
        const from = tr.mapping.map(value.from, 1);
        const to = Math.max(from, tr.mapping.map(value.to, -1));
        return { ...value, from, to };
      },
    },
    props: {
      decorations(state) {
        const preview = previewKey.getState(state);
        if (!preview) return null;
        const decorations: Decoration[] = [];
        if (preview.to > preview.from) {
          decorations.push(Decoration.inline(preview.from, preview.to, { style: STRUCK, 'data-change-preview': 'removed' }));
        }
        if (preview.text !== '') {
          decorations.push(Decoration.widget(preview.to, () => addedText(preview.text), { side: 1, key: `change-preview:${preview.text}`, ignoreSelection: true }));
        }
        return DecorationSet.create(state.doc, decorations);
      },
    },
  });
}

/** The preview shown in `state`, where it is now; null when there is none (or no preview plugin). */
export const previewIn = (state: EditorState): PreviewRange | null => previewKey.getState(state) ?? null;

/** `tr` also shows `preview`, or clears it (null). */
export const withPreview = (tr: Transaction, preview: PreviewRange | null): Transaction => tr.setMeta(previewKey, { preview });
