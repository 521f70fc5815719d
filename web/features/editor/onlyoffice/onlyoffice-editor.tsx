/**
 * ONLYOFFICE Docs in the editor pane (decision 013): fetches the signed config, loads the
 * Document Server's api.js and opens the editor, with what can go wrong said so that the person
 * who runs Redraft knows what to fix. Everything else talks to it through the adapter.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useRef } from 'react';
import type { EditorConfig } from '@common/schemas/onlyoffice';
import { Spinner } from '@web/components/ui/spinner';
import { errorMessage } from '@web/lib/api-client';
import { useDemoConfig } from '../api/get-demo-config';
import { useEditorConfig } from '../api/get-editor-config';
import { refreshEditorConfig } from '../api/refresh-editor-config';
import { EditorNote } from '../components/editor-note';
import { docsApiLoadAdvice } from './load-docs-api';
import type { OnlyofficeEditorAdapter } from './onlyoffice-editor-adapter';
import { CallbackNote, PluginNote } from './onlyoffice-notes';
import { useDocsEditor } from './use-docs-editor';

type OnlyofficeEditorProps = {
  adapter: OnlyofficeEditorAdapter;
  /** A document of the signed-in user, or the public sample of /demo. */
  source: { documentId: number } | 'demo';
  /**
   * How a failure to load the editor shows: the full advice on the editor screens, a short note
   * on /demo, where a visitor can do nothing about it (docs/product.md §8: there it is only logged).
   */
  failure?: 'advice' | 'note';
};

export function OnlyofficeEditor({ adapter, source, failure = 'advice' }: OnlyofficeEditorProps) {
  return source === 'demo' ? (
    <DemoEditor adapter={adapter} failure={failure} />
  ) : (
    <DocumentEditor adapter={adapter} documentId={source.documentId} failure={failure} />
  );
}

type FrameProps = {
  adapter: OnlyofficeEditorAdapter;
  failure: 'advice' | 'note';
  /** A stored document (not the demo's sample): saved through callbacks, refreshed on a conflict. */
  documentId?: number;
};

function DocumentEditor({ documentId, ...props }: FrameProps & { documentId: number }) {
  const config = useEditorConfig(documentId);
  return <Configured config={config} documentId={documentId} refreshConfig={() => refreshEditorConfig(documentId)} {...props} />;
}

/** The demo's sample never changes under the editor; a refresh request reloads the page. */
function DemoEditor(props: FrameProps) {
  return <Configured config={useDemoConfig()} {...props} />;
}

function Configured({ config, ...props }: FrameProps & { config: UseQueryResult<EditorConfig>; refreshConfig?: () => Promise<EditorConfig> }) {
  if (config.isPending) return <Loading />;
  if (config.isError) {
    const reason = errorMessage(config.error, 'Try again in a moment.');
    return (
      <EditorNote tone="error" testId="editor-failure">
        {props.failure === 'note' ? 'The demo document could not be opened.' : `The editor configuration could not be loaded: ${reason}`}
      </EditorNote>
    );
  }
  return <DocsEditorFrame key={config.data.document.key} config={config.data} {...props} />;
}

function DocsEditorFrame({ adapter, config, refreshConfig, failure, documentId }: FrameProps & { config: EditorConfig; refreshConfig?: () => Promise<EditorConfig> }) {
  const container = useRef<HTMLDivElement>(null);
  const state = useDocsEditor({ container, config, adapter, refreshConfig });

  if (state.loadFailure) {
    return (
      <EditorNote tone="error" testId="editor-failure">
        {failure === 'note' ? 'The ONLYOFFICE editor could not be loaded.' : docsApiLoadAdvice(state.loadFailure)}
      </EditorNote>
    );
  }
  return (
    <div className="flex h-full min-h-0 flex-col">
      {state.editorError && (
        <EditorNote tone="error" testId="editor-error">
          {state.editorError}
        </EditorNote>
      )}
      {documentId !== undefined && <CallbackNote adapter={adapter} documentId={documentId} config={config} due={state.callbackCheckDue} />}
      <PluginNote adapter={adapter} config={config} due={state.pluginCheckDue} />
      <div className="relative min-h-0 flex-1">
        <div ref={container} className="absolute inset-0" data-testid="onlyoffice-editor" />
        {!state.appReady && !state.editorError && <Loading />}
      </div>
    </div>
  );
}

function Loading() {
  return (
    <div className="absolute inset-0 grid place-items-center bg-background" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <Spinner />
        <span>Loading editor...</span>
      </div>
    </div>
  );
}
