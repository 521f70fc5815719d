/**
 * Byte arrays laid end to end, in a fresh Uint8Array of their own (Buffer.concat would hand back a
 * view into Node's shared pool for small results, with a byteOffset a DataView must then honour).
 */
export function concatBytes(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
