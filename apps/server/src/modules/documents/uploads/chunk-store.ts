import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Chunks on disk: `<root>/<firm>/<user>/<upload id>/<number>`, every part a number from the
 * database, never anything the client named.
 */
const INCOMING = 'incoming';

export function chunkStore(root: string) {
  const dirOf = (firm: number, user: number, upload: number) =>
    path.join(root, String(firm), String(user), String(upload));
  return {
    root,
    dirOf,
    /**
     * Writes a chunk to a temporary file (before any session exists, so that a body cut short
     * changes nothing); answers it and the bytes written. A failed write leaves nothing.
     */
    async write(content: Readable): Promise<{ tmp: string; size: number }> {
      const incoming = path.join(root, INCOMING);
      await fs.mkdir(incoming, { recursive: true });
      const tmp = path.join(incoming, `${randomBytes(12).toString('hex')}.part`);
      let size = 0;
      content.on('data', (b: Buffer) => {
        size += b.length;
      });
      try {
        await pipeline(content, createWriteStream(tmp));
      } catch (error) {
        await fs.rm(tmp, { force: true });
        throw error;
      }
      return { tmp, size };
    },
    /** Keeps a written chunk under its number (a repeated chunk replaces the same bytes). */
    async commit(dir: string, tmp: string, number: number): Promise<void> {
      await fs.mkdir(dir, { recursive: true });
      await fs.rename(tmp, path.join(dir, String(number)));
    },
    async discard(tmp: string): Promise<void> {
      await fs.rm(tmp, { force: true });
    },
    /** The chunks in order, as one stream of bytes (one file open at a time). */
    async *read(dir: string, total: number): AsyncGenerator<Buffer> {
      for (let n = 1; n <= total; n++) {
        for await (const b of createReadStream(path.join(dir, String(n)), { highWaterMark: 1024 * 1024 }))
          yield b as Buffer;
      }
    },
    async remove(dir: string): Promise<void> {
      await fs.rm(dir, { recursive: true, force: true });
    },
    /** Removes temporary chunks older than `seconds` (left by a process that stopped mid-write). */
    async removeIncoming(seconds: number): Promise<void> {
      const incoming = path.join(root, INCOMING);
      for (const name of await fs.readdir(incoming).catch(() => [] as string[])) {
        const file = path.join(incoming, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs > seconds * 1000) await fs.rm(file, { force: true });
      }
    },
    /** Upload folders on disk: `[firm, user, upload]` for each. */
    async list(): Promise<{ firm: number; user: number; upload: number }[]> {
      const out: { firm: number; user: number; upload: number }[] = [];
      const numbers = async (dir: string) =>
        (await fs.readdir(dir).catch(() => [] as string[])).filter((n) => /^\d+$/.test(n)).map(Number);
      for (const firm of await numbers(root))
        for (const user of await numbers(path.join(root, String(firm))))
          for (const upload of await numbers(path.join(root, String(firm), String(user))))
            out.push({ firm, user, upload });
      return out;
    },
  };
}
export type ChunkStore = ReturnType<typeof chunkStore>;
