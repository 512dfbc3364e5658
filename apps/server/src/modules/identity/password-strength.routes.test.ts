import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPasswordToken, buildUser, TEST_PASSWORD } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

/**
 * Every way of setting a password refuses one too easy to guess (common, leaked, simple) or made
 * of the person's email or names: 422 with a field error on `password`, in the asked language.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOO_WEAK_FR =
  'Mot de passe trop facile à deviner (courant, déjà divulgué ou trop simple) : choisissez-en un plus long ou moins prévisible.';
const PERSONAL_EN = 'The password must not reuse your email address or your name.';
const login = (email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/login', payload: { email, password } });

async function person(overrides: { passwordHash?: null } = {}) {
  const { user } = await buildUser(t.database.db, {
    email: `jeanne.dupont.${Date.now()}${Math.random().toString(36).slice(2, 6)}@cabinet.test`,
    firstname: 'Jeanne',
    lastname: 'Dupont',
    ...overrides,
  });
  return user;
}

describe('weak passwords are refused', () => {
  it('by a reset, which leaves the link usable', async () => {
    const user = await person();
    const { token } = await buildPasswordToken(t.database.db, { user, purpose: 'reset' });
    const submit = (password: string, lang = 'fr') =>
      t.request({
        method: 'PUT',
        url: '/api/passwords',
        headers: { 'accept-language': lang },
        payload: { token, password, password_confirmation: password },
      });
    for (const weak of ['12345678', 'azertyuiop', 'motdepasse1']) {
      const res = await submit(weak);
      expect(res.status, weak).toBe(422);
      expect(res.body.code).toBe('validation-failed');
      expect(res.body.errors).toEqual({ password: [TOO_WEAK_FR] });
    }
    const own = await submit(user.email, 'en');
    expect(own.status).toBe(422);
    expect(own.body.errors).toEqual({ password: [PERSONAL_EN] });
    const names = await submit('Jeanne-Dupont-1987', 'pt');
    expect(names.body.errors).toEqual({
      password: ['A palavra-passe não deve reutilizar o seu endereço de e-mail nem o seu nome.'],
    });

    expect((await submit('Lune-de-miel-a-Oslo-42')).status).toBe(200);
    expect((await login(user.email, 'Lune-de-miel-a-Oslo-42')).status).toBe(200);
  });

  it('by an invited user creating a password', async () => {
    const user = await person({ passwordHash: null });
    const { token } = await buildPasswordToken(t.database.db, { user, purpose: 'invite' });
    const create = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/passwords',
        payload: { token, password, password_confirmation: password, cgu: true },
      });
    expect((await create('12345678')).body.errors).toEqual({ password: [TOO_WEAK_FR] });
    expect((await create(user.email.split('@')[0]!)).body.errors.password).toEqual([
      'Le mot de passe ne doit pas reprendre votre adresse e-mail ni vos nom et prénom.',
    ]);
    expect((await create('Lune-de-miel-a-Oslo-42')).status).toBe(200);
  });

  it('by a signed-in user changing theirs', async () => {
    const user = await person();
    const token = await t.signIn(user.email);
    const change = (password: string) =>
      t.request({
        method: 'POST',
        url: '/api/change_password',
        token,
        payload: { current_password: TEST_PASSWORD, password, password_confirmation: password },
      });
    expect((await change('12345678')).body.errors).toEqual({ password: [TOO_WEAK_FR] });
    expect((await change('password')).status).toBe(422);
    expect((await change('dupontjeanne')).body.errors.password).toEqual([
      'Le mot de passe ne doit pas reprendre votre adresse e-mail ni vos nom et prénom.',
    ]);
    // Nothing changed: the session and the old password still work.
    expect((await t.request({ method: 'GET', url: '/api/users/me', token })).status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });
});
