/// <reference lib="webworker" />
import { createMD5 } from 'hash-wasm';

/** Hashes a file (MD5, hex) slice by slice, off the main thread. */
const SLICE = 8 * 1024 * 1024;

self.onmessage = async (event: MessageEvent<{ id: number; file: Blob }>) => {
  const { id, file } = event.data;
  try {
    const md5 = await createMD5();
    md5.init();
    for (let start = 0; start < file.size; start += SLICE) {
      md5.update(new Uint8Array(await file.slice(start, start + SLICE).arrayBuffer()));
    }
    self.postMessage({ id, md5: md5.digest('hex') });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
