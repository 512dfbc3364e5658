import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DocsWorld, docsWorld, newFolder, upload } from '../../../test/documents';
import { DRAWN_PNG, FIELD, samplePdf } from '../../../test/signatures';
import { verifyPdf } from './pades/verify';

let w: DocsWorld;
let pdfId: number;
let folder: number;
const base = () => `/api/vendors/${w.vendor}/signatures`;
const outsider = (email: string) => ({ email, firstname: 'Olivia', lastname: 'Outsider', fields: [FIELD] });

async function create(
  body: Record<string, unknown>,
  who: 'expert' | 'client' | 'collab' | 'guest' = 'expert',
) {
  return w.call('POST', base(), who, {
    document_id: pdfId,
    name: 'Lettre de mission',
    ordering: 'sequential',
    ...body,
  });
}

/** A binary answer (a PDF), its bytes as sent. */
async function bytes(url: string, headers: Record<string, string>) {
  const res = await w.t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.rawPayload };
}

/** The link token of the last invitation mailed to `email`. */
const linkOf = (email: string) => {
  const mail = [...w.t.mails].reverse().find((m) => m.to === email && m.link?.includes('/sign/'));
  return mail?.link?.split('/sign/')[1];
};

beforeAll(async () => {
  w = await docsWorld();
  folder = await newFolder(w, 'Contrats', w.root);
  const res = await upload(w, folder, 'Lettre.pdf', await samplePdf(2));
  expect(res.status).toBe(200);
  pdfId = res.body.data.id;
}, 60_000);
afterAll(() => w.t.close());

describe('signature requests', () => {
  it('runs a sequential request to its end: account, then outsider by link and code, sealed and filed back', async () => {
    const client = w.portals!.people.client;
    const created = await create({
      signatories: [{ user_id: client.id, fields: [FIELD] }, outsider('olivia@out.test')],
    });
    expect(created.status).toBe(201);
    const request = created.body.data;
    expect(request.status).toBe('created');
    expect(request.version_number).toBe(1);
    expect(request.signatories.map((s: { status: string }) => s.status)).toEqual(['waiting', 'waiting']);

    const sent = await w.call('POST', `${base()}/${request.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.status).toBe('waiting');
    expect(sent.body.data.signatories.map((s: { status: string }) => s.status)).toEqual([
      'in_progress',
      'waiting',
    ]);
    // Sequential: only the first is asked.
    expect(w.t.mails.some((m) => m.to === client.email && m.link?.includes(`sign=${request.id}`))).toBe(true);
    expect(linkOf('olivia@out.test')).toBeUndefined();

    // The second signatory's turn has not come; a draft's rules no longer apply.
    expect((await w.call('DELETE', `${base()}/${request.id}`)).body.code).toBe('signature-request-not-draft');
    const mine = await w.call(
      'GET',
      `/api/users/me/signatures?accounting_firm_id=${w.portals!.firms.centre.id}`,
      'client',
    );
    expect(mine.body.data.map((r: { id: number }) => r.id)).toContain(request.id);

    const noConsent = await w.call('POST', `${base()}/${request.id}/sign`, 'client', {
      consent: false,
      signature: { type: 'drawn', image: DRAWN_PNG },
    });
    expect(noConsent.status).toBe(422);
    const badImage = await w.call('POST', `${base()}/${request.id}/sign`, 'client', {
      consent: true,
      signature: { type: 'drawn', image: 'data:image/png;base64,AAAA' },
    });
    expect(badImage.status).toBe(422);
    expect(badImage.body.errors['signature.image']).toBeDefined();
    const signed = await w.call('POST', `${base()}/${request.id}/sign`, 'client', {
      consent: true,
      signature: { type: 'drawn', image: DRAWN_PNG },
    });
    expect(signed.status).toBe(200);
    const twice = await w.call('POST', `${base()}/${request.id}/sign`, 'client', {
      consent: true,
      signature: { type: 'drawn', image: DRAWN_PNG },
    });
    expect([twice.status, twice.body.code]).toEqual([409, 'already-signed']);

    // Now the outsider is asked, by link.
    const token = linkOf('olivia@out.test')!;
    expect(token).toBeTruthy();
    const info = await w.t.request({ method: 'GET', url: `/api/signing/${token}` });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ name: 'Lettre de mission', signatory: { can_sign: true } });
    expect((await w.t.request({ method: 'GET', url: `/api/signing/${token}/document` })).status).toBe(401);
    expect((await w.t.request({ method: 'POST', url: `/api/signing/${token}/otp` })).status).toBe(202);
    // One code a minute.
    const again = await w.t.request({ method: 'POST', url: `/api/signing/${token}/otp` });
    expect(again.status).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    const wrong = await w.t.request({
      method: 'POST',
      url: `/api/signing/${token}/verify`,
      payload: { code: '000000' },
    });
    const codeMail = [...w.t.mails]
      .reverse()
      .find((m) => m.to === 'olivia@out.test' && /^\d{6} /.test(m.subject))!;
    const code = codeMail.subject.slice(0, 6);
    if (code !== '000000') expect([wrong.status, wrong.body.code]).toEqual([422, 'invalid-otp']);
    const access = await w.t.request({
      method: 'POST',
      url: `/api/signing/${token}/verify`,
      payload: { code },
    });
    expect(access.status).toBe(200);
    const bearer = { authorization: `Bearer ${access.body.data.access_token}` };
    // The code is spent.
    expect(
      (await w.t.request({ method: 'POST', url: `/api/signing/${token}/verify`, payload: { code } })).status,
    ).toBe(422);
    const session = await w.t.request({
      method: 'GET',
      url: `/api/signing/${token}/session`,
      headers: bearer,
    });
    expect(session.body.data.fields).toHaveLength(1);
    const partly = await bytes(`/api/signing/${token}/document`, bearer);
    expect(partly.status).toBe(200);
    expect(verifyPdf(partly.body).signatures).toHaveLength(1);
    const outsiderSigned = await w.t.request({
      method: 'POST',
      url: `/api/signing/${token}/sign`,
      headers: bearer,
      payload: { consent: true, signature: { type: 'typed', text: 'Olivia Outsider' } },
    });
    expect(outsiderSigned.status).toBe(200);
    expect((await w.call('GET', `${base()}/${request.id}`)).body.data.status).toBe('finished');

    // The seal job: audit pages and the portal's seal, filed as a new version of the document.
    await w.t.jobs.drain();
    const done = (await w.call('GET', `${base()}/${request.id}`)).body.data;
    expect(done.status).toBe('completed');
    expect(done.signed_version_id).toBeGreaterThan(0);
    const versions = (await w.call('GET', `/api/vendors/${w.vendor}/documents/${pdfId}/versions`)).body.data;
    const filed = versions.find((v: { id: number }) => v.id === done.signed_version_id);
    expect(filed.original_name).toBe('Lettre (signé).pdf');
    const content = await bytes(
      `/api/vendors/${w.vendor}/documents/${pdfId}/content?version_id=${done.signed_version_id}`,
      {
        authorization: `Bearer ${w.tokens.expert}`,
      },
    );
    const verified = verifyPdf(content.body);
    expect(verified.valid).toBe(true);
    expect(verified.signatures.map((s) => s.signer)).toEqual([
      'Marie Martin',
      'Olivia Outsider',
      'Cabinet Centre',
    ]);
    expect(verified.signatures.map((s) => s.coversWholeFile)).toEqual([false, false, true]);
    // Checked by poppler too, when the machine has it (the PAdES unit test insists on it in CI).
    if (spawnSync('sh', ['-c', 'command -v pdfsig']).status === 0) {
      const file = path.join(os.tmpdir(), `sealed-${process.pid}.pdf`);
      fs.writeFileSync(file, content.body);
      const out = spawnSync('pdfsig', [file], { encoding: 'utf8' }).stdout;
      expect(out.match(/Signature is Valid\./g)).toHaveLength(3);
      expect(out).toContain('Total document signed');
      fs.rmSync(file);
    }
    // Everyone is told, the link is dead.
    expect(w.t.mails.filter((m) => /signé par tous/.test(m.subject)).length).toBeGreaterThanOrEqual(2);
    expect((await w.t.request({ method: 'GET', url: `/api/signing/${token}` })).status).toBe(410);

    const audit = (await w.call('GET', `${base()}/${request.id}/audit`)).body.data;
    expect(audit.chain_valid).toBe(true);
    expect(audit.events.map((e: { kind: string }) => e.kind)).toEqual([
      'created',
      'sent',
      'asked',
      'signed',
      'asked',
      'code_sent',
      'code_failed',
      'code_checked',
      'signed',
      'finished',
      'completed',
    ]);
  }, 60_000);
});
