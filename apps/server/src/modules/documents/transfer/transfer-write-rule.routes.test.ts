import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsWorld, type DocumentsWorld } from '../../../../test/documents-world';

// Issue 24, finding 2: a folder that receives items or versions through a merge passes the same
// write rule as a direct upload there (read-only: firm members only).
let w: DocumentsWorld;
beforeAll(async () => {
  w = await buildDocumentsWorld();
});
afterAll(() => w.t.close());

type Mode = 'copy' | 'move';
const transfer = (mode: Mode, who: 'client' | 'admin', body: object) =>
  w.call('POST', `/api/vendors/${w.vendor.id}/nodes/${mode}`, who, body);

/** A writable `From/Shared` with `a.txt` and `new.txt`, and a read-only `To/Shared` with its own `a.txt`. */
async function setUp(label: string) {
  const from = await w.folder(`From ${label}`);
  const to = await w.folder(`To ${label}`);
  const source = await w.folder('Shared', from);
  await w.document(source, 'a.txt');
  await w.document(source, 'new.txt');
  const locked = await w.folder('Shared', to, true);
  const lockedDoc = await w.document(locked, 'a.txt');
  return { from, to, source, locked, lockedDoc };
}

describe('merging into a read-only folder (folder_conflict: merge)', () => {
  for (const mode of ['copy', 'move'] as const) {
    for (const conflict of ['rename', 'version'] as const) {
      it(`${mode}, conflict ${conflict}: refused to a client user, nothing changes there`, async () => {
        const s = await setUp(`${mode} ${conflict}`);
        const body = { folder_id: s.to, folder_ids: [s.source], folder_conflict: 'merge', conflict };
        const res = await transfer(mode, 'client', body);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('node-readonly');
        expect(await w.names(s.locked)).toEqual(['a.txt']);
        expect(await w.versions(s.lockedDoc)).toBe(1);
        expect(await w.names(s.source)).toEqual(['a.txt', 'new.txt']);
        // A firm member may write there, as by a direct upload.
        expect((await transfer(mode, 'admin', body)).status).toBe(200);
        if (conflict === 'version') {
          expect(await w.names(s.locked)).toEqual(['a.txt', 'new.txt']);
          expect(await w.versions(s.lockedDoc)).toBe(2);
        } else expect(await w.names(s.locked)).toEqual(['a (2).txt', 'a.txt', 'new.txt']);
      });
    }
  }

  it('a read-only folder deeper in the merge is refused too; a writable merge still works', async () => {
    const from = await w.folder('From deep');
    const to = await w.folder('To deep');
    const source = await w.folder('Year', from);
    const inner = await w.folder('Bank', source);
    await w.document(inner, 'b.txt');
    const target = await w.folder('Year', to);
    const lockedInner = await w.folder('Bank', target, true);
    const res = await transfer('copy', 'client', {
      folder_id: to,
      folder_ids: [source],
      folder_conflict: 'merge',
    });
    expect(res.status).toBe(403);
    expect(await w.names(lockedInner)).toEqual([]);
    await w.call('PATCH', `/api/vendors/${w.vendor.id}/folders/${lockedInner}`, 'admin', {
      read_only: false,
    });
    const ok = await transfer('copy', 'client', {
      folder_id: to,
      folder_ids: [source],
      folder_conflict: 'merge',
    });
    expect(ok.status).toBe(200);
    expect(await w.names(lockedInner)).toEqual(['b.txt']);
  });
});
