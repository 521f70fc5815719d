/**
 * A TCP relay that holds back every byte the bucket sends by `delayMs`: one instance's slow
 * connection to its storage. The bucket stores an object as soon as it has received it, so that
 * instance spends most of an upload with its file stored but not yet acknowledged to it: before
 * the row exists (an orphan, if it dies then) and after (a document still 'uploaded'). A SIGKILL
 * there leaves exactly the work a surviving instance must finish or sweep away, instead of
 * landing in those windows only by luck.
 */
import net from 'node:net';

export async function startSlowLink(delayMs: number) {
  let target: URL | undefined;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target!.port), target!.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      // Either side failing ends both, as a dropped connection would.
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    // Timers of one duration fire in the order they were set, so the bytes keep their order.
    upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), delayMs));
    upstream.on('end', () => setTimeout(() => client.end(), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    /** The address to use instead of `endpoint`. */
    to(endpoint: string): string {
      target = new URL(endpoint);
      return `http://127.0.0.1:${port}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
