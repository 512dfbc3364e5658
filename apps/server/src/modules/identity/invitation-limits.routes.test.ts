import {
  INVITATION_WINDOW_SECONDS,
  INVITATIONS_PER_RECIPIENT,
  INVITATIONS_PER_SENDER,
} from '@portal/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildClientUser,
  buildFirmMember,
  buildPortal,
  buildVendor,
  freshSiret,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Issue 12, finding 6: 25 invitations in a row from a client administrator sent 25 mails.
 * Invitation mails are limited per sender and per recipient over an hour; past the limit the
 * answer is 429 `too-many-requests` with `Retry-After`, and nothing is written nor sent.
 */

let t: TestApp;
const tokens: Record<string, string> = {};
let ids: { firm: number; vendors: number[] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const { firm } = await buildPortal(db);
  const list = [];
  for (let i = 0; i < 8; i++) list.push((await buildVendor(db, { firm })).vendor);
  const { user: client } = await buildClientUser(db, { vendor: list[0]!, role: 'admin' });
  const { user: admin } = await buildFirmMember(db, { firm, role: 'admin' });
  ids = { firm: firm.id, vendors: list.map((v) => v.id) };
  tokens.client = await t.signIn(client.email);
  tokens.admin = await t.signIn(admin.email);
});
afterAll(() => t.close());

const invite = (who: string, vendorId: number, email: string) =>
  t.request({
    method: 'POST',
    url: `/api/vendors/${vendorId}/users`,
    token: tokens[who],
    payload: { email, firstname: 'Spam', lastname: 'Victime', role: 'guest' },
  });

describe('invitation mails', () => {
  it('are limited per sender: five past the allowance in a row from a client administrator are refused', async () => {
    const before = t.mails.length;
    const statuses: number[] = [];
    let refused: Awaited<ReturnType<typeof invite>> | undefined;
    const tries = INVITATIONS_PER_SENDER + 5;
    for (let i = 0; i < tries; i++) {
      const res = await invite('client', ids.vendors[0]!, `flood-${i}@example.test`);
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(INVITATIONS_PER_SENDER);
    expect(statuses.slice(INVITATIONS_PER_SENDER)).toEqual(Array(tries - INVITATIONS_PER_SENDER).fill(429));
    expect(t.mails.length - before).toBe(INVITATIONS_PER_SENDER);
    expect(refused!.body).toMatchObject({ code: 'too-many-requests' });
    expect(Number(refused!.headers['retry-after'])).toBe(INVITATION_WINDOW_SECONDS);
    // Nothing was written for the refused ones.
    const listed = (
      await t.request({ method: 'GET', url: `/api/vendors/${ids.vendors[0]}/users`, token: tokens.client })
    ).body.data as { email: string }[];
    expect(listed.map((u) => u.email)).not.toContain(`flood-${tries - 1}@example.test`);
  });

  it('are limited per recipient, whoever sends them', async () => {
    const before = t.mails.length;
    const statuses: number[] = [];
    for (const vendorId of ids.vendors.slice(1, 2 + INVITATIONS_PER_RECIPIENT)) {
      statuses.push((await invite('admin', vendorId, 'one.mailbox@example.test')).status);
    }
    expect(statuses).toEqual([...Array(INVITATIONS_PER_RECIPIENT).fill(201), 429]);
    expect(t.mails.filter((m) => m.to === 'one.mailbox@example.test')).toHaveLength(
      INVITATIONS_PER_RECIPIENT,
    );
    expect(t.mails.length - before).toBe(INVITATIONS_PER_RECIPIENT);
  });

  it('on the team too', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/accounting-firms/${ids.firm}/members`,
      token: tokens.admin,
      payload: { email: 'one.mailbox@example.test', firstname: 'Team', lastname: 'Member' },
    });
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe(String(INVITATION_WINDOW_SECONDS));
  });

  it('leave an import of client files with their administrators alone (its own, larger allowance)', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Clients');
    sheet.addRow(['client_code', 'company', 'siret', 'email']);
    for (let i = 0; i < 25; i++)
      sheet.addRow([`IMP${i}`, `Import ${i}`, freshSiret(), `dirigeant-${i}@example.test`]);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'clients.xlsx');
    const encoded = new Response(form);
    const res = await t.request({
      method: 'POST',
      url: `/api/accounting-firms/${ids.firm}/vendors/import`,
      token: tokens.admin,
      headers: { 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 25, refused: 0 });
  });
});
