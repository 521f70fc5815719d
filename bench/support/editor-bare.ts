/**
 * The bare editor page (bench/editor-bare/) built into a scratch folder with Vite's JS API and
 * served from loopback by startStaticServer, precompressed as Redraft's assets are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import config from '../editor-bare/vite.config';
import { type StaticServer, startStaticServer } from './static-server';

export type BarePage = {
  /** The page opening the document added under `key`. */
  url(key: string): string;
  addDocument(key: string, bytes: Uint8Array): void;
  close(): Promise<void>;
};

export async function startBarePage(): Promise<BarePage> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'redraft-editor-bare-'));
  let server: StaticServer | undefined;
  try {
    await build({ ...config, configFile: false, build: { ...config.build, outDir } });
    server = await startStaticServer(outDir);
  } catch (error) {
    fs.rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const { url, documents } = server;
  return {
    url: (key) => `${url}/?doc=${encodeURIComponent(key)}`,
    addDocument: (key, bytes) => documents.set(key, bytes),
    close: async () => {
      await server.close();
      fs.rmSync(outDir, { recursive: true, force: true });
    },
  };
}
