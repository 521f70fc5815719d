import { useState } from 'react';
import { useDemoDocument } from '@web/features/editor/api/get-demo-document';
import { EditorNote } from '@web/features/editor/components/editor-note';
import { EmbeddedDocxEditor } from '@web/features/editor/embedded/embedded-docx-editor';
import { EmbeddedEditorAdapter } from '@web/features/editor/embedded/embedded-editor-adapter';
import { StatusScreen } from '../layout/status-screen';

/** /demo with the embedded editor: the public sample, read-only. */
export function EmbeddedDemo() {
  const sample = useDemoDocument();
  const [adapter] = useState(() => new EmbeddedEditorAdapter());
  const [failed, setFailed] = useState(false);
  if (sample.isPending) return <StatusScreen text="Loading editor..." />;
  if (sample.isError || failed) {
    // docs/product.md §8: on the demo a failure is logged; the visitor gets a short note, not the details.
    return (
      <EditorNote tone="error" testId="editor-failure">
        The demo document could not be opened.
      </EditorNote>
    );
  }
  return (
    <EmbeddedDocxEditor
      adapter={adapter}
      documentBuffer={sample.data}
      author="Demo"
      readOnly
      onError={(error) => {
        console.error('The demo document could not be opened:', error);
        setFailed(true);
      }}
    />
  );
}
