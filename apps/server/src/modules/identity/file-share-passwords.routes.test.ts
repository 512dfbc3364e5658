import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirmMember, type FactoryDb, TEST_PASSWORD, type User } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let owner: User;
let other: User;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db as FactoryDb;
  ({ user: owner } = await buildFirmMember(db, { role: 'admin' }));
  ({ user: other } = await buildFirmMember(db));
});
afterAll(() => t.close());

const put = (token: string, payload: object, locale = 'en') =>
  t.request({
    method: 'PUT',
    url: '/api/users/me/file-share-password',
    token,
    headers: { 'accept-language': locale },
    payload,
  });
const list = (token: string) =>
  t.request({ method: 'GET', url: '/api/users/me/file-share-passwords', token });

describe("file-share passwords (the network drive's app passwords)", () => {
  it('sets, lists (never the password), replaces by label and revokes', async () => {
    const token = await t.signIn(owner.email, TEST_PASSWORD);
    const first = await put(token, {
      label: 'Office PC',
      password: 'Dav-portal-2026',
      password_confirmation: 'Dav-portal-2026',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ label: 'Office PC', last_used_at: null });
    const second = await put(token, {
      label: 'Laptop',
      password: 'Another-one-2026',
      password_confirmation: 'Another-one-2026',
    });
    expect(second.status).toBe(200);
    // The same label (any case) replaces the password rather than adding one.
    const again = await put(token, {
      label: 'office pc',
      password: 'Replaced-2026',
      password_confirmation: 'Replaced-2026',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { label: string }) => p.label).sort()).toEqual(['Laptop', 'office pc']);
    expect(JSON.stringify(res.body)).not.toMatch(/argon|Replaced-2026|password_hash/i);

    const revoked = await t.request({
      method: 'DELETE',
      url: `/api/users/me/file-share-passwords/${second.body.data.id}`,
      token,
    });
    expect(revoked.status).toBe(200);
    expect((await list(token)).body.data).toHaveLength(1);
  });

  it('refuses fewer than 8 characters and € § ¤ £ °, with the new code in fr, en and pt', async () => {
    const token = await t.signIn(owner.email, TEST_PASSWORD);
    const short = await put(token, { label: 'x', password: 'short', password_confirmation: 'short' });
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBeDefined();
    for (const c of ['€', '§', '¤', '£', '°']) {
      const res = await put(token, {
        label: 'x',
        password: `Longenough${c}1`,
        password_confirmation: `Longenough${c}1`,
      });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body.errors.password)).toContain('€ § ¤ £');
    }
    const fr = await put(
      token,
      { label: 'x', password: 'Pass€word1', password_confirmation: 'Pass€word1' },
      'fr',
    );
    expect(JSON.stringify(fr.body.errors.password)).toContain('partage de fichiers');
    const pt = await put(
      token,
      { label: 'x', password: 'Pass€word1', password_confirmation: 'Pass€word1' },
      'pt',
    );
    expect(JSON.stringify(pt.body.errors.password)).toContain('partilha de ficheiros');
    const mismatch = await put(token, {
      label: 'x',
      password: 'Good-enough-1',
      password_confirmation: 'Other-1234',
    });
    expect(mismatch.status).toBe(422);
  });

  it("answers 404 to another person's password and to anonymous callers 401", async () => {
    const ownerToken = await t.signIn(owner.email, TEST_PASSWORD);
    const mine = await put(ownerToken, {
      label: 'Tablet',
      password: 'Tablet-pass-1',
      password_confirmation: 'Tablet-pass-1',
    });
    const otherToken = await t.signIn(other.email, TEST_PASSWORD);
    const res = await t.request({
      method: 'DELETE',
      url: `/api/users/me/file-share-passwords/${mine.body.data.id}`,
      token: otherToken,
    });
    expect(res.status).toBe(404);
    expect((await list(ownerToken)).body.data.some((p: { label: string }) => p.label === 'Tablet')).toBe(
      true,
    );
    expect((await t.request({ method: 'GET', url: '/api/users/me/file-share-passwords' })).status).toBe(401);
  });
});
