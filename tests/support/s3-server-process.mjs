// The S3 server of tests/support/s3-server.ts, in a process of its own (node
// --openssl-legacy-provider s3-server-process.mjs <folder> <port> <bucket>...). Prints {"port":N}
// once it listens; ends when its stdin closes, so it never outlives the test run that started it.
import S3rver from 's3rver';

const [directory, port, ...buckets] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(port),
  silent: true,
  directory,
  configureBuckets: buckets.map((name) => ({ name, configs: [] })),
});
const { port: bound } = await server.run();
process.stdout.write(`${JSON.stringify({ port: bound })}\n`);
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
