import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFirm,
  buildFirmMember,
  buildVendor,
  type FactoryDb,
  freshSiret,
} from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';

let t: TestApp;
let db: FactoryDb;
beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db as FactoryDb;
});
afterAll(() => t.close());

const check = (firmId: number, siret: string, token: string, language = 'fr') =>
  t.request({
    method: 'GET',
    url: `/api/accounting-firms/${firmId}/siret-check?siret=${encodeURIComponent(siret)}`,
    token,
    headers: { 'accept-language': language },
  });

describe("the client creation wizard's SIRET check", () => {
  it('tells at the first step that a SIRET is already used, by this portal or another', async () => {
    const { firm } = await buildFirm(db);
    const { user: admin } = await buildFirmMember(db, { firm, role: 'admin' });
    const token = await t.signIn(admin.email);
    const { firm: other } = await buildFirm(db);
    const theirs = freshSiret();
    await buildVendor(db, { firm: other, siret: theirs });
    const ours = freshSiret();
    await buildVendor(db, { firm, siret: ours });

    const free = freshSiret();
    const ok = await check(firm.id, free, token);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ siret: free, available: true });
    for (const siret of [theirs, ours]) {
      const taken = await check(firm.id, siret, token);
      expect(taken.status).toBe(422);
      expect(taken.body).toEqual({
        message: 'SIRET déjà utilisé (par vous ou un autre portail).',
        code: 'siret-already-used',
        errors: { siret: ['SIRET déjà utilisé (par vous ou un autre portail).'] },
      });
    }
    expect((await check(firm.id, theirs, token, 'en')).body.message).toBe(
      'SIRET already used (by you or another portal).',
    );
    // Spaces as typed are fine; a wrong key is refused as such.
    expect((await check(firm.id, `${theirs.slice(0, 3)} ${theirs.slice(3)}`, token)).body.code).toBe(
      'siret-already-used',
    );
    const wrong = await check(firm.id, '12345678901234', token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.siret).toBeDefined();
  });

  it("is for those who may create a client file in the firm, not another firm's people", async () => {
    const { firm } = await buildFirm(db);
    const { user: collab } = await buildFirmMember(db, { firm });
    expect((await check(firm.id, freshSiret(), await t.signIn(collab.email))).status).toBe(403);
    const { user: stranger } = await buildFirmMember(db, { role: 'admin' });
    expect((await check(firm.id, freshSiret(), await t.signIn(stranger.email))).status).toBe(404);
  });
});
