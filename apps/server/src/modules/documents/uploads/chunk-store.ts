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
export function chunkStore(root: string) {
  const dirOf = (firm: number, user: number, upload: number) =>
    path.join(root, String(firm), String(user), String(upload));
  return {
    root,
    dirOf,
    /** Writes a chunk to a temporary file; answers it and the bytes written. A failed write leaves nothing. */
    async write(dir: string, number: number, content: Readable): Promise<{ tmp: string; size: number }> {
      await fs.mkdir(dir, { recursive: true });
      const tmp = path.join(dir, `${number}.${randomBytes(6).toString('hex')}.part`);
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
