import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirmMember, type FactoryDb } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/** Without SSO_ALLOW_INSECURE_ISSUERS (as in production): only https:// issuers. */
let t: TestApp;
let admin: string;
let firmId = 0;

beforeAll(async () => {
  t = await createTestApp();
  const { firm, user } = await buildFirmMember(t.database.db as FactoryDb, { role: 'admin' });
  firmId = firm.id;
  admin = await t.signIn(user.email);
});
afterAll(() => t.close());

const create = (issuer: string) =>
  t.request({
    method: 'POST',
    url: `/api/accounting-firms/${firmId}/identity-providers`,
    token: admin,
    headers: { 'accept-language': 'en' },
    payload: { name: `P${issuer.length}`, issuer, client_id: 'c', client_secret: 's', button_label: 'P' },
  });

describe('identity provider issuers', () => {
  it('refuses http:// and malformed issuers, accepts https://', async () => {
    const http = await create('http://idp.example.com');
    expect(http.status).toBe(422);
    expect(http.body.errors).toEqual({ issuer: [expect.stringContaining('https://')] });
    expect((await create('https://idp.example.com/?x=1')).status).toBe(422);
    expect((await create('idp.example.com')).status).toBe(422);
    expect((await create('https://idp.example.com/tenant/v2.0')).status).toBe(201);
  });
});
