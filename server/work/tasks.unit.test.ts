import { describe, expect, it } from 'vitest';
import { transferable } from './tasks';

describe('transferable', () => {
  it('moves a buffer an array owns whole, once however often it is named', () => {
    const bytes = new Uint8Array(64 * 1024);
    const same = new Uint8Array(bytes.buffer);
    expect(transferable([bytes, same, undefined])).toEqual([bytes.buffer]);
  });

  it("never moves a view into a larger buffer, such as Node's shared pool of small Buffers", () => {
    const small = Buffer.from('a small body');
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    const slice = new Uint8Array(new ArrayBuffer(1024), 16, 32);
    expect(transferable([small, slice])).toEqual([]);
    // Its neighbours keep their bytes because nothing was detached.
    expect(small.toString()).toBe('a small body');
  });
});
