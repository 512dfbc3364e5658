import { describe, expect, it } from 'vitest';
import {
  domainMatchesHost,
  firmDomainRedirect,
  pickCompany,
  pickDefaultFirm,
  whiteLabelRedirectUrl,
} from './firm-selection';

const firms = [
  { id: 1, domain: 'a.example' },
  { id: 2, domain: 'b.example' },
  { id: 3, domain: null },
  { id: 4, domain: 'b.example' },
];

describe('pickDefaultFirm', () => {
  it('takes the last stored firm when it matches the host', () => {
    expect(pickDefaultFirm(firms, { storedFirmId: 4, whiteLabelFirmId: 2, host: 'b.example' })?.id).toBe(4);
  });
  it('then the white-label firm', () => {
    expect(pickDefaultFirm(firms, { storedFirmId: 1, whiteLabelFirmId: 3, host: 'b.example' })?.id).toBe(3);
  });
  it('then any firm matching the host, then the first', () => {
    expect(
      pickDefaultFirm(firms, { storedFirmId: null, whiteLabelFirmId: 99, host: 'b.example:8080' })?.id,
    ).toBe(2);
    expect(
      pickDefaultFirm(firms, { storedFirmId: null, whiteLabelFirmId: null, host: 'z.example' })?.id,
    ).toBe(1);
    expect(pickDefaultFirm([], { storedFirmId: 1, whiteLabelFirmId: 1, host: 'x' })).toBeNull();
  });
  it('compares domains without case or port', () => {
    expect(domainMatchesHost('A.Example', 'a.example:443')).toBe(true);
    expect(domainMatchesHost(null, 'a.example')).toBe(false);
  });
});

describe('firmDomainRedirect', () => {
  const input = {
    firm: { id: 2, domain: 'b.example' },
    host: 'a.example',
    protocol: 'https:',
    whiteLabelRedirect: true,
    token: 'tok',
    redirect: '/home',
  };
  it('builds the autologin URL on the firm domain', () => {
    expect(firmDomainRedirect(input)).toBe('https://b.example/autologin?a_id=2&token=tok&redirect=%2Fhome');
  });
  it('stays when the white label does not ask, the domain is the host, or there is no domain', () => {
    expect(firmDomainRedirect({ ...input, whiteLabelRedirect: false })).toBeNull();
    expect(firmDomainRedirect({ ...input, host: 'b.example' })).toBeNull();
    expect(firmDomainRedirect({ ...input, firm: { id: 2, domain: null } })).toBeNull();
  });
});

describe('pickCompany', () => {
  const vendors = [{ id: 10 }, { id: 11 }, { id: 12 }];
  it('prefers requested, stored, route, then first', () => {
    expect(pickCompany(vendors, { requestedId: 12, storedId: 11, routeId: 10 })?.id).toBe(12);
    expect(pickCompany(vendors, { requestedId: 99, storedId: 11, routeId: 10 })?.id).toBe(11);
    expect(pickCompany(vendors, { requestedId: null, storedId: 99, routeId: 12 })?.id).toBe(12);
    expect(pickCompany(vendors, { requestedId: null, storedId: null, routeId: null })?.id).toBe(10);
    expect(pickCompany([], { requestedId: 1, storedId: 1, routeId: 1 })).toBeNull();
  });
});

describe('whiteLabelRedirectUrl', () => {
  const response = {
    accounting_firm: { id: 7, domain: 'c.example' },
    redirect: true,
    location: 'https://c.example/',
  };
  const base = { response, token: null, host: 'a.example', protocol: 'https:', currentPath: '/home' };
  it('goes to the location, or through autologin with a session', () => {
    expect(whiteLabelRedirectUrl(base)).toBe('https://c.example/');
    expect(whiteLabelRedirectUrl({ ...base, token: 't' })).toBe(
      'https://c.example/autologin?a_id=7&token=t&redirect=%2Fhome',
    );
  });
  it('stays without a redirect flag or on the firm domain', () => {
    expect(whiteLabelRedirectUrl({ ...base, response: { ...response, redirect: false } })).toBeNull();
    expect(whiteLabelRedirectUrl({ ...base, host: 'c.example' })).toBeNull();
  });
});
