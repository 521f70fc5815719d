/**
 * The reference page of bench/editor-ready.bench.ts: the pinned editor mounted exactly as the app
 * mounts it (web/features/editor/embedded/embedded-docx-editor.tsx: the same call before it, the
 * same styles, the same props) with nothing around it, on bytes index.html has already requested.
 * It marks the editor's view ready on <body data-ready="yes">, and an error on data-error.
 */
import { setGoogleFontsEnabled } from '@eigenpal/docx-editor-core';
import { DocxEditor } from '@eigenpal/docx-editor-react';
import '@eigenpal/docx-editor-react/styles.css';
import { createRoot } from 'react-dom/client';

setGoogleFontsEnabled(false);

const fail = (error: unknown) => {
  document.body.dataset.error = error instanceof Error ? error.message : String(error);
};

const { bareDocument } = window as Window & { bareDocument?: Promise<ArrayBuffer> };
if (!bareDocument) fail(new Error('index.html did not request the document'));
bareDocument?.then((buffer) => {
  createRoot(document.getElementById('root')!).render(
    <div className="h-full">
      <DocxEditor
        documentBuffer={buffer}
        mode="editing"
        author="Bench"
        showFileOpen={false}
        showOutlineButton={false}
        onEditorViewReady={() => {
          document.body.dataset.ready = 'yes';
        }}
        onError={fail}
        className="h-full"
      />
    </div>,
  );
}, fail);
