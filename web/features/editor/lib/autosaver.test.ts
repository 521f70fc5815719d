import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Autosaver, type SaveState } from './autosaver';

const DELAY = 2000;

function setup(write: () => Promise<'merged' | void> = async () => {}) {
  const states: SaveState[] = [];
  const writes = vi.fn(write);
  const onMerged = vi.fn();
  const saver = new Autosaver({
    delayMs: DELAY,
    write: writes,
    // 'kept': a 409 whose save the server kept as a version of its own; 'refused': one it did not store.
    describe: (error) => ({ conflict: error === 'kept' || error === 'refused', kept: error === 'kept', message: String(error) }),
    onStatus: (s) => states.push(s.state),
    onMerged,
  });
  return { saver, writes, states, onMerged };
}

describe('Autosaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once, DELAY after the last of several changes', async () => {
    const { saver, writes, states } = setup();
    saver.markChanged();
    await vi.advanceTimersByTimeAsync(DELAY - 1);
    saver.markChanged();
    await vi.advanceTimersByTimeAsync(DELAY - 1);
    expect(writes).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(writes).toHaveBeenCalledTimes(1);
    expect(states).toEqual(['unsaved', 'unsaved', 'saving', 'saved']);
    expect(saver.dirty).toBe(false);
  });

  it('saves now on request, and not at all when nothing changed', async () => {
    const { saver, writes } = setup();
    await saver.saveNow();
    expect(writes).not.toHaveBeenCalled();
    saver.markChanged();
    await saver.saveNow();
    expect(writes).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('a change during a save is saved by a second save, never by a parallel one', async () => {
    let finish: () => void = () => {};
    const { saver, writes, states } = setup(() => new Promise<void>((resolve) => (finish = resolve)));
    saver.markChanged();
    const first = saver.saveNow();
    saver.markChanged();
    const second = saver.saveNow();
    expect(writes).toHaveBeenCalledTimes(1);
    finish();
    await first;
    await vi.waitFor(() => expect(writes).toHaveBeenCalledTimes(2));
    finish();
    await second;
    expect(states.at(-1)).toBe('saved');
    expect(saver.dirty).toBe(false);
  });

  it('a failure stays unsaved and retries with the next change', async () => {
    let fail = true;
    const { saver, writes, states } = setup(async () => {
      if (fail) throw new Error('offline');
    });
    saver.markChanged();
    await saver.saveNow();
    expect(saver.current).toEqual({ state: 'failed', message: 'Error: offline' });
    expect(saver.dirty).toBe(true);
    fail = false;
    saver.markChanged();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(writes).toHaveBeenCalledTimes(2);
    expect(states.at(-1)).toBe('saved');
  });

  it('a conflict the server did not keep stops saving for good, and what is typed after it stays unsaved', async () => {
    const { saver, writes } = setup(() => Promise.reject('refused'));
    saver.markChanged();
    await saver.saveNow();
    expect(saver.current.state).toBe('conflict');
    expect(saver.dirty).toBe(true);
    saver.markChanged();
    await vi.advanceTimersByTimeAsync(DELAY);
    await saver.saveNow();
    expect(writes).toHaveBeenCalledTimes(1);
    expect(saver.current.state).toBe('conflict');
    expect(saver.dirty).toBe(true);
  });

  it('a conflict whose save was kept counts that save as saved, and writes nothing more when nothing was typed', async () => {
    const { saver, writes, states } = setup(() => Promise.reject('kept'));
    saver.markChanged();
    await saver.saveNow();
    expect(states).toEqual(['unsaved', 'saving', 'conflict']);
    expect(saver.dirty).toBe(false);
    await vi.advanceTimersByTimeAsync(DELAY * 2);
    await saver.saveNow();
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('what was typed while the refused save was in flight is written at once, and the conflict is reported only after that', async () => {
    const answers: Array<(error: unknown) => void> = [];
    const { saver, writes, states } = setup(() => new Promise((_, reject) => answers.push(reject)));
    saver.markChanged();
    const saving = saver.saveNow();
    saver.markChanged();
    answers[0]!('kept');
    // No countdown: the second write starts as soon as the first is refused.
    await vi.waitFor(() => expect(writes).toHaveBeenCalledTimes(2));
    expect(saver.current.state).toBe('saving');
    expect(states).not.toContain('conflict');
    answers[1]!('kept');
    await saving;
    expect(saver.current.state).toBe('conflict');
    expect(saver.dirty).toBe(false);
    expect(writes).toHaveBeenCalledTimes(2);
  });

  it('a change after a kept conflict is written at once too, as one more kept version', async () => {
    const { saver, writes, states } = setup(() => Promise.reject('kept'));
    saver.markChanged();
    await saver.saveNow();
    saver.markChanged();
    await vi.waitFor(() => expect(writes).toHaveBeenCalledTimes(2));
    await saver.saveNow();
    expect(states.slice(-2)).toEqual(['saving', 'conflict']);
    expect(saver.dirty).toBe(false);
  });

  it('when the write of what was typed during a refused save fails otherwise, it stays unsaved and a retry writes it', async () => {
    let answer: unknown = 'kept';
    const { saver, writes } = setup(() => Promise.reject(answer));
    saver.markChanged();
    const first = saver.saveNow();
    saver.markChanged();
    answer = 'offline';
    await first;
    expect(writes).toHaveBeenCalledTimes(2);
    expect(saver.current.state).toBe('failed');
    expect(saver.dirty).toBe(true);
    answer = 'kept';
    await saver.saveNow();
    expect(writes).toHaveBeenCalledTimes(3);
    expect(saver.current.state).toBe('conflict');
    expect(saver.dirty).toBe(false);
  });

  it('after a save merged with changes made elsewhere, asks for a reopen and saves nothing more', async () => {
    const { saver, writes, onMerged } = setup(async () => 'merged');
    saver.markChanged();
    await saver.saveNow();
    expect(saver.current.state).toBe('saved');
    expect(onMerged).toHaveBeenCalledTimes(1);
    saver.markChanged();
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(writes).toHaveBeenCalledTimes(1);
  });

  it('a change typed while a save was being merged is saved before the reopen, so no keystroke is lost', async () => {
    let finish: (outcome: 'merged' | void) => void = () => {};
    const { saver, writes, onMerged } = setup(() => new Promise((resolve) => (finish = resolve)));
    saver.markChanged();
    const first = saver.saveNow();
    saver.markChanged();
    finish('merged');
    await first;
    expect(onMerged).not.toHaveBeenCalled();
    expect(saver.current.state).toBe('unsaved');
    await vi.advanceTimersByTimeAsync(DELAY);
    expect(writes).toHaveBeenCalledTimes(2);
    finish();
    await vi.waitFor(() => expect(onMerged).toHaveBeenCalledTimes(1));
    expect(saver.dirty).toBe(false);
  });
});
