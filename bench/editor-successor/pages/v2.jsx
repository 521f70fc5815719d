/**
 * The successor, @docx-editor.dev/react 2.x with its free core, mounted with its packaged chrome
 * like 1.9.0 (navigation pane off, as the app turns 1.9.0's outline off). It has no ProseMirror
 * view to reach, so everything goes through its Editor facade (ref.getEditor()).
 * ?fields=editable mounts it with fieldResults="editable" (read once, at creation); ?review=all-markup
 * sets reviewDisplayMode.
 * Plain JS: this folder's own node_modules holds the package, the root typecheck does not.
 */
import { DocxEditor } from '@docx-editor.dev/react';
import '@docx-editor.dev/core/styles/editor.css';
import { createRef } from 'react';
import { createRoot } from 'react-dom/client';
import { bench, documentBytes, mark, toBase64, watch, wordAt } from './probe.jsx';

const ref = createRef();
const editor = () => ref.current?.getEditor() ?? null;
const params = new URLSearchParams(location.search);

const PAGE_SELECTOR = '.docx-page';

watch(
  () => {
    const e = editor();
    const snap = e?.snapshot();
    if (snap && !snap.isLoading && !snap.isOpening && e.getTotalPages() > 0) mark('ready');
    if (snap?.openFailure || snap?.parseError) bench.error ??= JSON.stringify(snap.openFailure ?? snap.parseError);
    return [...document.querySelectorAll(PAGE_SELECTOR)].some((p) => p.checkVisibility() && (p.textContent ?? '').trim().length > 0);
  },
  () => editor()?.getTotalPages() ?? 0,
);

Object.assign(bench, {
  editor: '2.x',
  save: async () => toBase64(await ref.current.save()),
  paintedText: () => [...document.querySelectorAll(PAGE_SELECTOR)].map((p) => p.textContent).join('\n'),
  /**
   * Selects the word through findMatches/selectMatch (the facade's only way to a range of text).
   * A match names its paragraph by a tree path, not the paraId, so each match is selected in turn
   * and the selection (which names paraIds) says which paragraph it is in.
   */
  selectWord(paraId, word, occurrence) {
    const e = editor();
    const all = e.findMatches(word, { matchCase: true, wholeWord: true }).filter((m) => !m.scope);
    let seen = 0;
    for (const m of all) {
      const r = e.selectMatch(m);
      if (!r.ok) return `selectMatch refused: ${r.code ?? ''} ${r.reason ?? ''}`;
      if (e.snapshot().selection?.from?.paraId !== paraId) continue;
      if (seen++ < occurrence) continue;
      e.focus();
      return null;
    }
    return `"${word}" #${occurrence} not found in paragraph ${paraId} (${all.length} body matches)`;
  },
  facadeKeys: () => {
    const e = editor();
    const keys = new Set();
    for (let o = e; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) Object.getOwnPropertyNames(o).forEach((k) => keys.add(k));
    return [...keys].sort();
  },
  /** A typed command of the document contract through the facade, its ExecResult back. */
  exec: (command) => JSON.parse(JSON.stringify(editor().exec(command))),
  refKeys: () => Object.keys(ref.current ?? {}).sort(),
  trackedChanges: () => editor().getTrackedChanges(),
  reviewItems: () => JSON.parse(JSON.stringify(editor().getReviewItems())),
  decide(key, accept) {
    const r = accept ? editor().acceptReviewItem(key) : editor().rejectReviewItem(key);
    return JSON.parse(JSON.stringify(r));
  },
  suggestingMode: () => JSON.parse(JSON.stringify(editor().setEditingMode('suggesting'))),
  editMode: () => JSON.parse(JSON.stringify(editor().setEditingMode('editing'))),
  snapshot: () => JSON.parse(JSON.stringify(editor().snapshot())),
  wordAt,
});

const bytes = new Uint8Array(await documentBytes);
createRoot(document.getElementById('root')).render(
  <div style={{ height: '100vh' }}>
    <DocxEditor
      ref={ref}
      document={bytes}
      mode="edit"
      author="Bench"
      navigation={false}
      fieldResults={params.get('fields') === 'editable' ? 'editable' : 'atomic'}
      reviewDisplayMode={params.get('review') ?? undefined}
      onReady={() => mark('created')}
    />
  </div>,
);
