import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDavWorld, type DavWorld } from '../../../test/dav-world';
import { FIELD, samplePdf } from '../../../test/signatures';

let w: DavWorld;
const at = (...names: string[]) => `${w.clientPath}/${names.map(encodeURIComponent).join('/')}`;

beforeAll(async () => {
  w = await buildDavWorld();
}, 180_000);
afterAll(() => w.t.close());

describe('WebDAV and documents under signature', () => {
  it('DELETE of the document or of a folder holding it answers 403 while the request is open', async () => {
    const folder = await w.folder('Signatures');
    const doc = await w.uploaded(folder, 'Mandat.pdf', await samplePdf(1));
    const base = `/api/vendors/${w.vendor.id}/signatures`;
    const made = await w.call('POST', base, 'admin', {
      document_id: doc,
      name: 'Mandat',
      ordering: 'sequential',
      signatories: [{ email: 'dav@out.test', firstname: 'Dav', lastname: 'Outsider', fields: [FIELD] }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    // A draft holds nothing back: the drive sees the document as any other.
    expect((await w.call('POST', `${base}/${made.body.data.id}/send`, 'admin')).status).toBe(200);
    expect((await w.dav('DELETE', at('Signatures', 'Mandat.pdf'), 'admin')).status).toBe(403);
    expect((await w.dav('DELETE', at('Signatures'), 'admin')).status).toBe(403);
    const live = await w.call('GET', `/api/vendors/${w.vendor.id}/documents/${doc}`, 'admin');
    expect(live.status).toBe(200);
    await w.call('POST', `${base}/${made.body.data.id}/cancel`, 'admin', { reason: 'fin' });
    expect((await w.dav('DELETE', at('Signatures', 'Mandat.pdf'), 'admin')).status).toBe(204);
  }, 60_000);
});
