/**
 * The pinned editor, @eigenpal/docx-editor-react 1.9.0, mounted as the app mounts it
 * (web/features/editor/embedded/embedded-docx-editor.tsx) with nothing around it.
 * Plain JS (not TS) like v2.jsx, whose package is not installed when the root typecheck runs.
 */
import { setGoogleFontsEnabled } from '@eigenpal/docx-editor-core';
import { acceptChangeById, rejectChangeById } from '@eigenpal/docx-editor-core/prosemirror/commands';
import { DocxEditor } from '@eigenpal/docx-editor-react';
import '@eigenpal/docx-editor-react/styles.css';
import { TextSelection } from 'prosemirror-state';
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { bench, documentBytes, mark, toBase64, watch, wordAt } from './probe.jsx';

setGoogleFontsEnabled(false);
const ref = createRef();
const view = () => ref.current?.getEditorRef()?.getView() ?? null;

watch(
  () => {
    const pages = document.querySelector('.paged-editor__pages');
    return !!pages && pages.checkVisibility() && (pages.textContent ?? '').trim().length > 0;
  },
  () => ref.current?.getTotalPages() ?? 0,
);

/** Body text of the paragraph with this paraId, with the document position of each character. */
function paragraphText(paraId) {
  const v = view();
  let found = null;
  v.state.doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === 'paragraph' && node.attrs.paraId === paraId) {
      const chars = [];
      node.descendants((child, at) => {
        if (child.isText) for (let i = 0; i < child.text.length; i++) chars.push(pos + 1 + at + i);
      });
      found = { text: node.textContent, chars };
      return false;
    }
  });
  return found;
}

Object.assign(bench, {
  editor: '1.9.0',
  save: async () => toBase64(await ref.current.save()),
  paintedText: () => document.querySelector('.paged-editor__pages')?.textContent ?? '',
  /** Selects the word (occurrence-th whole-word match in the paragraph) and focuses the editor. */
  selectWord(paraId, word, occurrence) {
    const p = paragraphText(paraId);
    if (!p) return `no paragraph ${paraId} in the editor's document`;
    const at = wordAt(p.text, word, occurrence);
    if (at < 0) return `"${word}" #${occurrence} not in paragraph ${paraId}`;
    const v = view();
    v.dispatch(v.state.tr.setSelection(TextSelection.create(v.state.doc, p.chars[at], p.chars[at + word.length - 1] + 1)));
    v.focus();
    return v.state.doc.textBetween(v.state.selection.from, v.state.selection.to) === word ? null : 'selection is not the word';
  },
  /** Tracked changes as the editor holds them: marks named insertion/deletion with their ids. */
  trackedChanges() {
    const out = [];
    view().state.doc.descendants((node) => {
      for (const m of node.marks) if (m.type.name === 'insertion' || m.type.name === 'deletion') out.push({ kind: m.type.name, id: m.attrs.revisionId, author: m.attrs.author, text: node.text });
    });
    return out;
  },
  decide(id, accept) {
    const v = view();
    return (accept ? acceptChangeById : rejectChangeById)(id)(v.state, v.dispatch);
  },
  hasProseMirrorView: () => !!view(),
});

const buffer = await documentBytes;
createRoot(document.getElementById('root')).render(
  <div style={{ height: '100vh' }}>
    <DocxEditor
      ref={ref}
      documentBuffer={buffer}
      mode="editing"
      author="Bench"
      showFileOpen={false}
      showOutlineButton={false}
      onEditorViewReady={() => mark('ready')}
      onError={(e) => (bench.error = String(e?.message ?? e))}
      className="h-full"
    />
  </div>,
);
