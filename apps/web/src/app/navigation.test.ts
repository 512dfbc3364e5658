import { encodeContext } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import {
  carryEmbedded,
  decide,
  type GuardInput,
  normaliseContext,
  normalisePath,
  rootRedirect,
  safeRedirectTarget,
  shouldReplace,
  signInRedirect,
  ssoRedirect,
} from './navigation';
import type { RouteGuardData, SessionInfo } from './route-types';

const user = { is_super_admin: false, is_accountant: false, profile_complete: true };
const signedIn: SessionInfo = { token: 't', user };
const signedOut: SessionInfo = { token: null, user: null };
const home: RouteGuardData = { path: '/home/:context?', auth: 'authenticated', context: 'sometimes' };
const signin: RouteGuardData = { path: '/signin', auth: 'anonymous', context: 'never' };
const base = (over: Partial<GuardInput>): GuardInput => ({
  route: home,
  pathname: '/home',
  search: '',
  session: signedIn,
  oauthProviders: [],
  selection: null,
  ...over,
});

describe('rule 1: root path', () => {
  it('goes to autologin with a stored token, else sign-in', () => {
    expect(rootRedirect('', 'tok')).toBe('/autologin');
    expect(rootRedirect('', null)).toBe('/signin');
  });
  it('uses the query token as is when embedded in a mobile app', () => {
    expect(rootRedirect('?embedded=mobileapp&token=abc', 'old')).toBe('/autologin?token=abc');
    expect(rootRedirect('?embedded=false&token=abc', 'old')).toBe('/autologin');
  });
  it('is applied by decide and carries embedded', () => {
    expect(decide(base({ pathname: '/', search: '?embedded=true' }))).toEqual({
      type: 'redirect',
      to: '/autologin?embedded=true',
      replace: true,
    });
  });
});

describe('rule 2: sign-in required', () => {
  it('keeps the original path as redirect', () => {
    expect(signInRedirect('/tasks/ab', '?x=1')).toBe('/signin?redirect=%2Ftasks%2Fab%3Fx%3D1');
    const d = decide(base({ session: signedOut, pathname: '/home/12', route: home }));
    expect(d).toEqual({ type: 'redirect', to: '/signin?redirect=%2Fhome%2F12', replace: true });
  });
});

describe('rule 3: sso query', () => {
  const providers = [{ name: 'google', url: 'https://idp.example/auth' }];
  it('sends an anonymous visitor to the provider link', () => {
    expect(ssoRedirect('?sso=Google', providers)).toBe('https://idp.example/auth');
    expect(ssoRedirect('?sso=other', providers)).toBeNull();
    expect(ssoRedirect('?sso=google&redirect=%2Ftasks', providers)).toBe(
      'https://idp.example/auth?redirect=%2Ftasks',
    );
    expect(ssoRedirect('?sso=google&redirect=https://evil', providers)).toBe('https://idp.example/auth');
    const d = decide(
      base({
        route: signin,
        pathname: '/signin',
        search: '?sso=google',
        session: signedOut,
        oauthProviders: providers,
      }),
    );
    expect(d).toEqual({ type: 'external', url: 'https://idp.example/auth' });
  });
  it('does nothing for a signed-in user', () => {
    const d = decide(base({ search: '?sso=google', oauthProviders: providers }));
    expect(d.type).toBe('allow');
  });
});

describe('rule 4: anonymous-only routes', () => {
  it('sends a signed-in user home or to a safe redirect target', () => {
    expect(decide(base({ route: signin, pathname: '/signin' }))).toMatchObject({ to: '/home' });
    expect(decide(base({ route: signin, pathname: '/signin', search: '?redirect=%2Ftasks' }))).toMatchObject({
      to: '/tasks',
    });
    expect(
      decide(base({ route: signin, pathname: '/signin', search: '?redirect=https://evil' })),
    ).toMatchObject({
      to: '/home',
    });
  });
  it('rejects unsafe targets', () => {
    expect(safeRedirectTarget('//evil.com')).toBeNull();
    expect(safeRedirectTarget('/\\evil.com')).toBeNull();
    expect(safeRedirectTarget('/ok')).toBe('/ok');
  });
});

describe('rules 5 and 6: super admin and audience', () => {
  const sa: RouteGuardData = { path: '/sa/*', auth: 'authenticated', superAdmin: true, context: 'never' };
  const customers: RouteGuardData = {
    path: '/customers/:context?',
    auth: 'authenticated',
    audience: 'accountant',
    context: 'never',
  };
  const quick: RouteGuardData = {
    path: '/quickfolders/:context?',
    auth: 'authenticated',
    audience: 'client',
    context: 'always',
  };
  it('sends home when the flag or audience does not fit', () => {
    expect(decide(base({ route: sa, pathname: '/sa/home' }))).toMatchObject({ to: '/home' });
    expect(
      decide(
        base({
          route: sa,
          pathname: '/sa/home',
          session: { token: 't', user: { ...user, is_super_admin: true } },
        }),
      ).type,
    ).toBe('allow');
    expect(decide(base({ route: customers, pathname: '/customers' }))).toMatchObject({ to: '/home' });
    const accountant = { token: 't', user: { ...user, is_accountant: true } };
    expect(decide(base({ route: quick, pathname: '/quickfolders', session: accountant }))).toMatchObject({
      to: '/home',
    });
    expect(decide(base({ route: customers, pathname: '/customers', session: accountant })).type).toBe(
      'allow',
    );
  });
});

describe('profile completion', () => {
  it('sends an incomplete profile to the profile form first', () => {
    const incomplete = { token: 't', user: { ...user, profile_complete: false } };
    expect(decide(base({ session: incomplete }))).toMatchObject({ to: '/profile/user?incomplete=1' });
    const profile: RouteGuardData = { path: '/profile/user', auth: 'authenticated', context: 'never' };
    expect(decide(base({ route: profile, pathname: '/profile/user', session: incomplete })).type).toBe(
      'allow',
    );
  });
});

describe('rule 7: context normalisation', () => {
  const firmOnly = encodeContext(5, null);
  const withCompany = encodeContext(5, 42);
  it('drops the company on never routes', () => {
    expect(normaliseContext(withCompany, 'never', null)).toBe(firmOnly);
  });
  it('adds the selected company of the same firm on always routes', () => {
    expect(normaliseContext(firmOnly, 'always', { accountingFirmId: 5, vendorId: 42 })).toBe(withCompany);
    expect(normaliseContext(firmOnly, 'always', { accountingFirmId: 6, vendorId: 42 })).toBe(firmOnly);
  });
  it('keeps what is given on sometimes routes and fills a missing one from the selection', () => {
    expect(normaliseContext(withCompany, 'sometimes', null)).toBe(withCompany);
    expect(normaliseContext(undefined, 'sometimes', { accountingFirmId: 5, vendorId: null })).toBe(firmOnly);
    expect(normaliseContext(undefined, 'sometimes', null)).toBeUndefined();
  });
  it('rewrites the path, moving a non-context segment into the rest', () => {
    const settings: RouteGuardData = {
      path: '/settings/:context?/*',
      auth: 'authenticated',
      context: 'sometimes',
    };
    const sel = { accountingFirmId: 5, vendorId: null };
    expect(normalisePath(settings, '/settings/users', sel)).toBe(`/settings/${firmOnly}/users`);
    expect(normalisePath(settings, `/settings/${firmOnly}/users`, sel)).toBeNull();
    const customers: RouteGuardData = {
      path: '/customers/:context?',
      auth: 'authenticated',
      context: 'never',
    };
    expect(normalisePath(customers, `/customers/${withCompany}`, null)).toBe(`/customers/${firmOnly}`);
    expect(
      decide(base({ route: customers, pathname: `/customers/${withCompany}`, search: '?embedded=true' })),
    ).toEqual({
      type: 'redirect',
      to: `/customers/${firmOnly}?embedded=true`,
      replace: true,
    });
  });
});

describe('rules 8 and 9', () => {
  it('replaces history for not historised routes', () => {
    expect(shouldReplace({ notHistorised: true })).toBe(true);
    expect(shouldReplace({})).toBe(false);
    expect(shouldReplace(undefined)).toBe(false);
  });
  it('carries the embedded value over', () => {
    expect(carryEmbedded('/home?x=1', '?embedded=mobileapp')).toBe('/home?x=1&embedded=mobileapp');
    expect(carryEmbedded('/home', '')).toBe('/home');
    expect(carryEmbedded('/home?embedded=true', '?embedded=false')).toBe('/home?embedded=true');
  });
});
