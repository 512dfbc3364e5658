import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newDocument, newFolder, upload } from '../../../test/documents';
import { DRAWN_PNG, FIELD, samplePdf } from '../../../test/signatures';

let w: DocsWorld;
let folder: number;
let pdfId: number;
let otherId: number;

type Listed = { type: string; id: number; has_signatures: boolean; in_signature: boolean };

/** The document's entry in its folder's listing (the documents page), as `who` reads it. */
async function listed(id: number, who: 'expert' | 'client' = 'expert'): Promise<Listed> {
  const res = await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=50`, who);
  expect(res.status).toBe(200);
  return res.body.data.find((n: Listed) => n.type === 'document' && n.id === id);
}
const marks = (n: Listed) => ({ has_signatures: n.has_signatures, in_signature: n.in_signature });

beforeAll(async () => {
  w = await docsWorld();
  folder = await newFolder(w, 'Signés', w.root);
  await newFolder(w, 'Sous-dossier', folder);
  pdfId = (await upload(w, folder, 'Mandat.pdf', await samplePdf(1))).body.data.id;
  otherId = await newDocument(w, folder, 'notes.txt', 'rien à signer');
}, 60_000);
afterAll(() => w.t.close());

describe('the documents listing and signatures', () => {
  it('marks a document out for signature, then signed (its latest version), in the page read by one query', async () => {
    // Read (and cached) before anything is sent: a draft changes nothing.
    expect(marks(await listed(pdfId))).toEqual({ has_signatures: false, in_signature: false });
    const base = `/api/vendors/${w.vendor}/signatures`;
    const created = await w.call('POST', base, 'expert', {
      document_id: pdfId,
      name: 'Mandat',
      ordering: 'parallel',
      signatories: [{ user_id: w.portals!.people.client.id, fields: [FIELD] }],
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(marks(await listed(pdfId))).toEqual({ has_signatures: false, in_signature: false });

    expect((await w.call('POST', `${base}/${id}/send`)).status).toBe(200);
    // The cached page is dropped by the request's change of state.
    expect(marks(await listed(pdfId))).toEqual({ has_signatures: false, in_signature: true });
    expect(marks(await listed(pdfId, 'client'))).toEqual({ has_signatures: false, in_signature: true });
    expect(marks(await listed(otherId))).toEqual({ has_signatures: false, in_signature: false });
    const folderEntry = (
      await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes`, 'expert')
    ).body.data.find((n: Listed) => n.type === 'folder');
    expect(marks(folderEntry)).toEqual({ has_signatures: false, in_signature: false });

    const signed = await w.call('POST', `${base}/${id}/sign`, 'client', {
      consent: true,
      signature: { type: 'drawn', image: DRAWN_PNG },
    });
    expect(signed.status).toBe(200);
    // Finished, being sealed: still in signature.
    expect(marks(await listed(pdfId))).toEqual({ has_signatures: false, in_signature: true });
    await w.t.jobs.drain();
    const done = (await w.call('GET', `${base}/${id}`)).body.data;
    expect(done.status).toBe('completed');
    const entry = await listed(pdfId);
    expect(marks(entry)).toEqual({ has_signatures: true, in_signature: false });
    expect((entry as Listed & { version_id: number }).version_id).toBe(done.signed_version_id);

    // A second page (the listing's other statement) says the same.
    const page2 = await w.call('GET', `/api/vendors/${w.vendor}/folders/${folder}/nodes?per_page=1&page=2`);
    const second = page2.body.data[0] as Listed;
    const expected = second.id === pdfId && second.type === 'document';
    expect(marks(second)).toEqual({ has_signatures: expected, in_signature: false });

    // A new version uploaded over the signed one is not signed.
    const replaced = await upload(w, folder, 'Mandat.pdf', await samplePdf(2, 'Autre'), {
      conflict: 'version',
    });
    expect(replaced.status).toBe(200);
    expect(marks(await listed(pdfId))).toEqual({ has_signatures: false, in_signature: false });
  }, 60_000);
});
