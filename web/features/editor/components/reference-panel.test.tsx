import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PLUGIN_GUID } from '@common/schemas/onlyoffice';
import { OnlyofficeEditorAdapter } from '../onlyoffice/onlyoffice-editor-adapter';
import type { FrameWindow } from '../onlyoffice/plugin-bridge';
import { ReadyBadges } from './ready-badges';
import { ReferencePanel } from './reference-panel';

const OURS = 'https://redraft.example';
const DS = 'https://docs.example.com';

/** The reference editor's header badges and side panel over an ONLYOFFICE adapter whose editor frame holds the plugin. */
function referenceEditor() {
  const sent: unknown[] = [];
  const plugin = { length: 0, postMessage: (message: unknown) => sent.push(message) } as unknown as FrameWindow;
  const editorFrame = { length: 1, 0: plugin, postMessage: () => {} } as unknown as FrameWindow;
  const adapter = new OnlyofficeEditorAdapter();
  adapter.connect({ editorWindow: () => editorFrame, origins: [OURS, DS] });
  render(
    <>
      <ReadyBadges adapter={adapter} />
      <ReferencePanel adapter={adapter} />
    </>,
  );
  return { adapter, sent };
}

const badges = () => [screen.getByTestId('editor-ready-badge').textContent, screen.getByTestId('plugin-ready-badge').textContent];
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
const send = () => button('Send to Editor');
const testSelection = () => button('Test Selection');
const logEntries = () => screen.queryAllByTestId('plugin-log-entry');

describe('the reference editor before the editor and its plugin are ready', () => {
  it("shows 'Loading' and 'Plugin Loading', with 'Send to Editor' and 'Test Selection' disabled until both are ready", () => {
    const { adapter, sent } = referenceEditor();
    expect(badges()).toEqual(['Loading', 'Plugin Loading']);
    expect(send()).toHaveProperty('disabled', true);
    expect(testSelection()).toHaveProperty('disabled', true);

    // Neither a submit (Enter in the input) nor a click does anything yet.
    const input = screen.getByPlaceholderText('Text to insert...');
    fireEvent.change(input, { target: { value: 'Not yet' } });
    fireEvent.submit(input.closest('form')!);
    fireEvent.click(testSelection());
    expect(logEntries()).toHaveLength(0);
    expect(sent).toEqual([]);

    act(() => adapter.handleDocumentReady());
    expect(badges()).toEqual(['Ready', 'Plugin Loading']);
    expect(send()).toHaveProperty('disabled', true);
    expect(testSelection()).toHaveProperty('disabled', true);

    act(() => adapter.handlePluginMessage({ guid: PLUGIN_GUID, type: 'pluginReady', data: { selectedText: '' } }));
    expect(badges()).toEqual(['Ready', 'Plugin Ready']);
    expect(send()).toHaveProperty('disabled', false);
    expect(testSelection()).toHaveProperty('disabled', false);

    fireEvent.submit(input.closest('form')!);
    expect(logEntries()).toHaveLength(1);
    expect(logEntries()[0]!.textContent).toContain('Sent');
    expect(logEntries()[0]!.textContent).toContain('Not yet');
  });

  it('goes back to Loading, with the buttons disabled, when the editor closes', () => {
    const { adapter } = referenceEditor();
    act(() => {
      adapter.handleDocumentReady();
      adapter.handlePluginsReady();
    });
    expect(send()).toHaveProperty('disabled', false);
    act(() => adapter.disconnect());
    expect(badges()).toEqual(['Loading', 'Plugin Loading']);
    expect(send()).toHaveProperty('disabled', true);
    expect(testSelection()).toHaveProperty('disabled', true);
  });
});
