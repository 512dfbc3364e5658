import { expect, type Page } from '@playwright/test';
import { send } from '../support/documents-world';
import {
  ACCOUNTS,
  apiLogin,
  createPasswordFromMail,
  firmIdOf,
  type Lang,
  newTeamMember,
} from '../support/helpers';

export { send };

let counter = 0;

/**
 * A client file of its own with a new client administrator, and a new collaborator assigned to
 * it alone (so their bell counts only what happens there), both able to sign in.
 */
export async function prepareClientFile(page: Page, lang: Lang) {
  counter += 1;
  const stamp = `${String(Date.now()).slice(-7)}${counter}`;
  const expert = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${expert.access_token}` };
  const firmId = await firmIdOf(page.request, expert.access_token, 'Cabinet Démo');
  const company = `Cloche ${lang.toUpperCase()} ${stamp}`;
  const clientEmail = `bell-client-${lang}-${stamp}@example.test`;
  const since = Date.now() - 1000;
  const created = await page.request.post(`/api/accounting-firms/${firmId}/vendors`, {
    headers,
    data: {
      company,
      corporate_name: `${company} SAS`,
      client_code: `BL-${lang.toUpperCase()}-${stamp}`,
      identifier_type: 'other',
      identifier: `BL-${lang}-${stamp}`,
      admin_email: clientEmail,
    },
  });
  expect(created.status()).toBe(201);
  const vendorId = (await created.json()).data.id as number;
  await createPasswordFromMail(page.request, clientEmail, since);
  const memberEmail = `bell-member-${lang}-${stamp}@example.test`;
  const member = await newTeamMember(page.request, expert.access_token, firmId, {
    email: memberEmail,
    firstname: 'Claire',
    lastname: `Cloche${stamp}`,
    role: 'collaborator',
  });
  const assigned = await page.request.put(
    `/api/accounting-firms/${firmId}/members/${member.user_id}/assignments`,
    { headers, data: { assignments: [{ vendor_id: vendorId, read_only: false }] } },
  );
  expect(assigned.status()).toBe(200);
  const root = (await (await page.request.get(`/api/vendors/${vendorId}/folders`, { headers })).json())
    .data[0].id as number;
  const folder = await page.request.post(`/api/vendors/${vendorId}/folders`, {
    headers,
    data: { name: 'Banque', parent_id: root },
  });
  expect(folder.status()).toBe(201);
  const client = await apiLogin(page.request, clientEmail);
  return {
    stamp,
    firmId,
    vendorId,
    folderId: (await folder.json()).data.id as number,
    clientHeaders: { Authorization: `Bearer ${client.access_token}` },
    memberEmail,
  };
}
