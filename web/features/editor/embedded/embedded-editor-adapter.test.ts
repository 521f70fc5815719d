import { describe, expect, it } from 'vitest';
import type { DocxEditorRef } from '@eigenpal/docx-editor-react';
import { EmbeddedEditorAdapter } from './embedded-editor-adapter';

/** A stand-in for the editor's handle: only the ProseMirror state the adapter reads. */
function editorWith(state: { doc: object }) {
  const view = { state };
  return { getEditorRef: () => ({ getView: () => view }) } as unknown as DocxEditorRef;
}

function adapterOver(state: { doc: object }) {
  const adapter = new EmbeddedEditorAdapter();
  adapter.attach(editorWith(state));
  let announced = 0;
  adapter.onContentChange(() => announced++);
  return { adapter, announced: () => announced };
}

describe('EmbeddedEditorAdapter.flushChanges', () => {
  it('announces nothing when the document is the one the editor opened with', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    adapter.flushChanges();
    expect(announced()).toBe(0);
  });

  it('announces an edit the editor has not announced yet', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    state.doc = { text: 'edited' };
    adapter.flushChanges();
    expect(announced()).toBe(1);
    adapter.flushChanges();
    expect(announced()).toBe(1);
  });

  it('still announces an edit when the editor laid it out (and said ready again) before announcing it', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    state.doc = { text: 'edited' };
    adapter.handleViewReady();
    adapter.flushChanges();
    expect(announced()).toBe(1);
  });

  it('takes the reopened document as unedited after the editor unmounts and mounts again', () => {
    const state = { doc: { text: 'opened' } };
    const { adapter, announced } = adapterOver(state);
    adapter.handleViewReady();
    adapter.detach();
    state.doc = { text: 'a new version' };
    adapter.attach(editorWith(state));
    adapter.handleViewReady();
    adapter.flushChanges();
    expect(announced()).toBe(0);
  });
});
