import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChangePreviewBar } from './change-preview-bar';

const PREVIEW = { removed: 'shall', added: 'must', reason: 'House style: "shall" → "must"' };

function setup(preview = PREVIEW) {
  const onAccept = vi.fn();
  const onDiscard = vi.fn();
  render(<ChangePreviewBar preview={preview} at={{ left: 40, top: 120 }} onAccept={onAccept} onDiscard={onDiscard} />);
  return { onAccept, onDiscard, user: userEvent.setup(), bar: screen.getByRole('region', { name: 'Change preview' }) };
}

describe('ChangePreviewBar', () => {
  it('says why, shows the text struck out and the text put in, under the change', () => {
    const { bar } = setup();
    expect(bar.textContent).toContain('House style: "shall" → "must"');
    expect(bar.querySelector('del')?.textContent).toBe('shall');
    expect(bar.querySelector('ins')?.textContent).toBe('must');
    expect(bar.style.left).toBe('40px');
    expect(bar.style.top).toBe('120px');
  });

  it('Accept and Discard each call back once; Escape discards', async () => {
    const { onAccept, onDiscard, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onAccept).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    screen.getByRole('button', { name: 'Accept' }).focus();
    await user.keyboard('{Escape}');
    expect(onDiscard).toHaveBeenCalledTimes(2);
    expect(onAccept).toHaveBeenCalledTimes(1);
  });

  it('for an insertion shows only the new text, and a long one shortened', () => {
    const added = 'word '.repeat(40).trim();
    const { bar } = setup({ removed: '', added, reason: 'AI Assistant: answer from the chat' });
    expect(bar.querySelector('del')).toBeNull();
    expect(bar.querySelector('ins')?.textContent).toMatch(/^word( word)+…$/);
    expect(bar.querySelector('ins')!.textContent!.length).toBeLessThan(added.length);
  });
});
