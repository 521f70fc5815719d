/**
 * The real Redraft server as a child process (`node --import tsx server/main.ts`) on a free port,
 * for the tests and benchmarks that need what `app.inject()` cannot give: a real socket, the built
 * web app for Chromium, or a process to kill. It can be stopped (SIGTERM, or SIGKILL for a crash)
 * and started again on the same port and DATA_DIR, which is how tests prove that sessions and
 * acknowledged uploads survive a restart.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
/** A cold PGlite start with migrations takes ~15 s on a 2-core machine. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;

export type StopSignal = 'SIGTERM' | 'SIGKILL';

export type ServerOptions = {
  /** Added to the server's environment: DATABASE_URL, AI_PROVIDER, ... */
  env?: Record<string, string>;
  /** A DATA_DIR the caller owns and inspects afterwards; by default a scratch one that dispose() deletes. */
  dataDir?: string;
  /**
   * Sets PUBLIC_URL to the server's own URL, which is known only once its port is chosen: for a
   * fake Document Server, which must call the server back there.
   */
  publicUrlIsOwn?: boolean;
};

export class TestServer {
  private child: ChildProcess | null = null;
  private output = '';

  private constructor(
    readonly port: number,
    readonly dataDir: string,
    private readonly env: Record<string, string>,
    private readonly ownsDataDir: boolean,
  ) {}

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server's process id while it runs (benches read its CPU time). */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Resolves once /api/health answers. */
  static async start(options: ServerOptions = {}): Promise<TestServer> {
    const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-server-'));
    const port = await freePort();
    const env = { ...options.env, ...(options.publicUrlIsOwn ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}) };
    const server = new TestServer(port, dataDir, env, options.dataDir === undefined);
    try {
      await server.launch();
    } catch (error) {
      await server.dispose();
      throw error;
    }
    return server;
  }

  async stop(signal: StopSignal = 'SIGTERM') {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    // A server stuck in shutdown must not hang the suite.
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  }

  /**
   * Stops the server if it is running and starts it again on the same port and DATA_DIR, so
   * cookies a browser holds still point at it.
   */
  async restart(signal: StopSignal = 'SIGTERM') {
    await this.stop(signal);
    await this.launch();
  }

  /** Stops the server and deletes its DATA_DIR unless the caller passed it in. */
  async dispose() {
    await this.stop('SIGTERM');
    if (this.ownsDataDir) fs.rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** What the server printed since it last started, for failure messages. */
  logs() {
    return this.output;
  }

  private async launch() {
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
      cwd: root,
      // A clean environment: a developer's DATABASE_URL or AI settings must not leak into the run.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? os.tmpdir(),
        TMPDIR: os.tmpdir(),
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        ...this.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdout?.on('data', (chunk) => (this.output += String(chunk)));
    child.stderr?.on('data', (chunk) => (this.output += String(chunk)));
    await this.waitForHealth(child);
  }

  private async waitForHealth(child: ChildProcess) {
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The server exited while starting (${child.exitCode ?? child.signalCode}):\n${this.output}`);
      }
      const healthy = await fetch(`${this.url}/api/health`).then(
        (res) => res.ok,
        () => false,
      );
      if (healthy) return;
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`The server was not healthy after ${START_TIMEOUT_MS} ms:\n${this.output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  }
}

/**
 * A port that is free at this moment, drawn at random from below the kernel's ephemeral range
 * (32768-60999 on Linux). The OS hands out ephemeral ports to every `listen(0)` and outgoing
 * connection of every test running beside this one, so one of them could take a test server's
 * port while it restarts, and the test would go on talking to someone else's server.
 */
const PORT_RANGE = { from: 20_000, to: 32_000 };

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORT_RANGE.from + Math.floor(Math.random() * (PORT_RANGE.to - PORT_RANGE.from));
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${PORT_RANGE.from} and ${PORT_RANGE.to} after 50 tries`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
