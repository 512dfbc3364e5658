import { execFile, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, DAV_PASSWORD, type DavWorld } from '../../../test/dav-world';

/**
 * The network drive driven by a real WebDAV client from Debian (issue 27): rclone (`webdav`
 * backend, vendor `other`) against the app listening on a loopback port. It uploads a tree, lists
 * it, downloads it byte-identical, renames and deletes, each result checked through the JSON API.
 * The client runs in its own process (asynchronously: the server is this process).
 */
const run = promisify(execFile);
const rclone = spawnSync('sh', ['-c', 'command -v rclone']).status === 0;
if (!rclone)
  console.warn('SKIPPED: the rclone client test: rclone not found on PATH (apt-get install -y rclone).');

let w: DavWorld;
let drive: number;
let env: NodeJS.ProcessEnv;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dav-rclone-'));

type Node = { id: number; name: string; type: 'folder' | 'document'; size: number | null };
const nodes = async (folder: number) =>
  (await w.call('GET', `/api/vendors/${w.vendor.id}/folders/${folder}/nodes?per_page=100`, 'admin')).body
    .data as Node[];
const child = async (folder: number, name: string) => (await nodes(folder)).find((n) => n.name === name);
const sha = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

/** The tree uploaded: sizes across rclone's buffers, a sub-folder two levels deep, accents. */
const TREE: Record<string, number> = {
  'a.txt': 10_000,
  'Été 2025.pdf': 70_000,
  'sub/b.bin': 1_500_000,
  'sub/deeper/c.csv': 1,
};

async function rc(...args: string[]) {
  const { stdout } = await run('rclone', [...args], { env, maxBuffer: 1 << 24, timeout: 120_000 });
  return stdout;
}

describe.skipIf(!rclone)('the network drive driven by rclone', () => {
  beforeAll(async () => {
    w = await buildDavWorld();
    drive = await w.folder('Drive');
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const obscured = (await run('rclone', ['obscure', DAV_PASSWORD])).stdout.trim();
    env = {
      ...process.env,
      RCLONE_CONFIG: path.join(work, 'none.conf'),
      RCLONE_CONFIG_PORTAL_TYPE: 'webdav',
      RCLONE_CONFIG_PORTAL_URL: `http://127.0.0.1:${port}${w.clientPath}/Drive`,
      RCLONE_CONFIG_PORTAL_VENDOR: 'other',
      RCLONE_CONFIG_PORTAL_USER: w.people.collab.email,
      RCLONE_CONFIG_PORTAL_PASS: obscured,
    };
    for (const [name, size] of Object.entries(TREE)) {
      const file = path.join(work, 'tree', name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, randomBytes(size));
    }
  }, 120_000);
  afterAll(async () => {
    await w?.t.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('uploads a tree: folders and documents in the GED', async () => {
    await rc('copy', path.join(work, 'tree'), 'portal:tree');
    const tree = await child(drive, 'tree');
    expect(tree?.type).toBe('folder');
    const top = await nodes(tree!.id);
    expect(top.map((n) => `${n.type}:${n.name}:${n.size ?? '-'}`).sort()).toEqual([
      'document:a.txt:10000',
      'document:Été 2025.pdf:70000',
      'folder:sub:-',
    ]);
    const sub = top.find((n) => n.name === 'sub')!;
    expect((await child(sub.id, 'b.bin'))?.size).toBe(1_500_000);
    const deeper = (await child(sub.id, 'deeper'))!;
    expect((await child(deeper.id, 'c.csv'))?.size).toBe(1);
  });

  it('lists it back, and downloads it byte-identical', async () => {
    const listed = JSON.parse(await rc('lsjson', '-R', '--files-only', 'portal:tree')) as {
      Path: string;
      Size: number;
    }[];
    expect(Object.fromEntries(listed.map((e) => [e.Path, e.Size]))).toEqual(TREE);
    await rc('copy', 'portal:tree', path.join(work, 'back'));
    for (const name of Object.keys(TREE))
      expect(sha(path.join(work, 'back', name)), name).toBe(sha(path.join(work, 'tree', name)));
    // rclone's own comparison agrees (sizes and content, downloading both sides).
    await rc('check', '--download', path.join(work, 'tree'), 'portal:tree');
  });

  it('renames a document and a folder: the same GED items under their new names', async () => {
    const tree = (await child(drive, 'tree'))!;
    const a = (await child(tree.id, 'a.txt'))!;
    const sub = (await child(tree.id, 'sub'))!;
    await rc('moveto', 'portal:tree/a.txt', 'portal:tree/renamed.txt');
    await rc('moveto', 'portal:tree/sub', 'portal:tree/moved');
    const after = await nodes(tree.id);
    expect(after.find((n) => n.name === 'renamed.txt')?.id).toBe(a.id);
    expect(after.find((n) => n.name === 'moved')?.id).toBe(sub.id);
    expect(after.some((n) => n.name === 'a.txt' || n.name === 'sub')).toBe(false);
    expect((await child(sub.id, 'b.bin'))?.size).toBe(1_500_000);
  });

  it('deletes a document and a folder: to the trash', async () => {
    const tree = (await child(drive, 'tree'))!;
    const renamed = (await child(tree.id, 'renamed.txt'))!;
    const moved = (await child(tree.id, 'moved'))!;
    await rc('deletefile', 'portal:tree/renamed.txt');
    await rc('purge', 'portal:tree/moved');
    expect((await nodes(tree.id)).map((n) => n.name)).toEqual(['Été 2025.pdf']);
    const trash = (await w.call('GET', `/api/vendors/${w.vendor.id}/trash?per_page=100`, 'admin')).body
      .data as { id: number; type: string }[];
    expect(trash.some((n) => n.type === 'document' && n.id === renamed.id)).toBe(true);
    expect(trash.some((n) => n.type === 'folder' && n.id === moved.id)).toBe(true);
    const listed = JSON.parse(await rc('lsjson', '-R', 'portal:tree')) as { Path: string }[];
    expect(listed.map((e) => e.Path)).toEqual(['Été 2025.pdf']);
  });
});

const cadaver = spawnSync('sh', ['-c', 'command -v cadaver']).status === 0;
if (!cadaver)
  console.warn('SKIPPED: the cadaver client test: cadaver not found on PATH (apt-get install -y cadaver).');

describe.skipIf(!cadaver)('the network drive driven by cadaver', () => {
  let c: DavWorld;
  let folder: number;
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-dav-cadaver-'));
  let url = '';
  beforeAll(async () => {
    c = await buildDavWorld();
    folder = await c.folder('Cadaver');
    await c.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = c.t.app.server.address() as AddressInfo;
    url = `http://127.0.0.1:${port}${c.clientPath}/Cadaver/`;
    fs.writeFileSync(
      path.join(home, '.netrc'),
      `machine 127.0.0.1\nlogin ${c.people.collab.email}\npassword ${DAV_PASSWORD}\n`,
      { mode: 0o600 },
    );
    fs.writeFileSync(path.join(home, 'local.txt'), 'written by cadaver\n');
  }, 120_000);
  afterAll(async () => {
    await c?.t.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  /** One scripted session (cadaver reads its commands from stdin, its credentials from ~/.netrc). */
  async function session(commands: string[]) {
    const child = execFile('cadaver', [url], {
      env: { ...process.env, HOME: home },
      cwd: home,
      timeout: 60_000,
    });
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stdin?.end(`${commands.join('\n')}\nquit\n`);
    await new Promise((resolve) => child.on('close', resolve));
    return out;
  }

  it('puts, moves, gets and deletes; its .DS_Store is listed back to it and never filed', async () => {
    const out = await session([
      'put local.txt notes.txt',
      'mkcol Sub',
      'move notes.txt Sub/moved.txt',
      'get Sub/moved.txt back.txt',
      'put local.txt .DS_Store',
      'ls',
    ]);
    expect(out).not.toMatch(/failed/i);
    expect(out).toContain('.DS_Store');
    expect(fs.readFileSync(path.join(home, 'back.txt'), 'utf8')).toBe('written by cadaver\n');
    const list = async (id: number) =>
      (await c.call('GET', `/api/vendors/${c.vendor.id}/folders/${id}/nodes?per_page=100`, 'admin')).body
        .data as Node[];
    const top = await list(folder);
    expect(top.map((n) => n.name)).toEqual(['Sub']);
    const sub = top[0]!;
    expect((await list(sub.id)).map((n) => `${n.name}:${n.size}`)).toEqual(['moved.txt:19']);
    expect(await session(['delete Sub/moved.txt', 'delete .DS_Store'])).not.toMatch(/failed/i);
    expect(await list(sub.id)).toEqual([]);
  });
});
