/**
 * Several instances behind nginx (issue 17, deploy/nginx.conf as the cluster tests run it): req/s
 * and p99 of GET /api/documents for a signed-in user with 20 documents, at 64 connections on
 * loopback, through nginx in front of one instance and in front of three, and straight to the one
 * instance without nginx (what nginx itself costs), in one run. Each cluster is fresh (its own
 * PostgreSQL database on TEST_DATABASE_URL, bucket and processes: tests/support/cluster.ts), warmed
 * up, then loaded. Prints the figures, the 3/1 ratio, the instances' CPU time per request (which
 * a busy machine disturbs less than the rates) and each instance's memory after its run.
 *
 * Every process here (the load generator, nginx, the instances, PostgreSQL) shares this machine's
 * cores: three instances can only go faster than one if there are cores left for them.
 *
 * Run: npx tsx bench/cluster.bench.ts [--seconds 10 --warmup 5]   (TEST_DATABASE_URL and nginx, as for npm run test:cluster)
 */
import fs from 'node:fs';
import os from 'node:os';
import autocannon from 'autocannon';
import { GENERATED_DOCUMENTS } from '../tests/support/docx/realistic';
import { DOCX, multipart } from '../tests/support/multipart';
import { type Cluster, startCluster } from '../tests/support/cluster';
import { cpuMs } from './support/process-cpu';
import { signIn } from './support/sign-in';

const CONNECTIONS = 64;
const DOCUMENTS = 20;

const arg = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const seconds = Number(arg('seconds')) || 10;
/** A fresh process compiles and optimises as it goes: the figures are for servers that have been running. */
const warmupSeconds = Number(arg('warmup')) || 5;

type Figures = { rps: number; p50: number; p99: number; errors: number; cpuMsPerRequest: number };

async function load(url: string, cookie: string, cluster: Cluster): Promise<Figures> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers: { cookie } });
  await run(warmupSeconds);
  const cpu = () => cluster.instances.reduce((sum, i) => sum + cpuMs(i.pid), 0);
  const before = cpu();
  const result = await run(seconds);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    cpuMsPerRequest: (cpu() - before) / Math.max(1, result.requests.total),
  };
}

/** A user with DOCUMENTS documents, uploaded through nginx like anyone's; returns its Cookie header. */
async function seed(cluster: Cluster): Promise<string> {
  const cookie = await signIn(cluster.url);
  const bytes = GENERATED_DOCUMENTS.contract.bytes();
  for (let i = 1; i <= DOCUMENTS; i++) {
    const body = multipart({ filename: `Contract ${String(i).padStart(2, '0')}.docx`, type: DOCX, bytes });
    const res = await fetch(`${cluster.url}/api/documents/upload`, { method: 'POST', headers: { ...body.headers, cookie }, body: body.payload });
    if (res.status !== 201) throw new Error(`upload ${i} answered ${res.status}: ${await res.text()}`);
  }
  return cookie;
}

/** Resident memory in MB of a process, and of it with its descendants (an instance's work processes). */
function rssMb(pid: number | undefined): { own: number; withWorkers: number } {
  if (pid === undefined) return { own: NaN, withWorkers: NaN };
  const own = (p: number) => {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readOr(`/proc/${p}/status`, ''));
    return match ? Number(match[1]) / 1024 : 0;
  };
  const descendants = (p: number): number[] => {
    const children = readOr(`/proc/${p}/task/${p}/children`, '').trim().split(/\s+/).filter(Boolean).map(Number);
    return children.flatMap((c) => [c, ...descendants(c)]);
  };
  return { own: own(pid), withWorkers: [pid, ...descendants(pid)].reduce((sum, p) => sum + own(p), 0) };
}

const readOr = (file: string, fallback: string) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return fallback;
  }
};

const row = (what: string, f: Figures) =>
  console.info(
    `  ${what.padEnd(30)} ${f.rps.toFixed(0).padStart(7)} ${String(f.p50).padStart(7)} ${String(f.p99).padStart(7)} ${String(f.errors).padStart(8)} ${f.cpuMsPerRequest.toFixed(3).padStart(11)}`,
  );

async function measure(instances: number, direct: boolean) {
  const cluster = await startCluster({ instances });
  try {
    const cookie = await seed(cluster);
    const viaNginx = await load(`${cluster.url}/api/documents`, cookie, cluster);
    const straight = direct ? await load(`${cluster.instances[0]!.url}/api/documents`, cookie, cluster) : undefined;
    const memory = cluster.instances.map((i) => rssMb(i.pid));
    return { viaNginx, straight, memory };
  } finally {
    await cluster.stop();
  }
}

async function main() {
  console.info(
    `Cluster: GET /api/documents (${DOCUMENTS} documents), ${CONNECTIONS} connections, ${warmupSeconds} s warm-up then ${seconds} s per figure; ` +
      `${os.availableParallelism()} CPUs, load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  const one = await measure(1, true);
  const three = await measure(3, false);
  console.info('\n  target                           req/s  p50 ms  p99 ms  timeouts  CPU ms/req');
  row('1 instance, direct (no nginx)', one.straight!);
  row('1 instance behind nginx', one.viaNginx);
  row('3 instances behind nginx', three.viaNginx);
  console.info(
    `\n  3 / 1 instances behind nginx: ${(three.viaNginx.rps / one.viaNginx.rps).toFixed(2)}x req/s, p99 ${(three.viaNginx.p99 / one.viaNginx.p99).toFixed(2)}x`,
  );
  console.info(
    `  nginx / direct, 1 instance: ${(one.viaNginx.rps / one.straight!.rps).toFixed(2)}x req/s, p99 ${(one.viaNginx.p99 / one.straight!.p99).toFixed(2)}x`,
  );
  const mb = (m: { own: number; withWorkers: number }) => `${m.own.toFixed(0)} MB (${m.withWorkers.toFixed(0)} MB with its work processes)`;
  console.info('\n  memory (RSS) after the run');
  console.info(`    1-instance cluster: ${one.memory.map(mb).join('; ')}`);
  three.memory.forEach((m, i) => console.info(`    3-instance cluster, instance ${i + 1}: ${mb(m)}`));
  console.info(`\nload average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
}

await main();
