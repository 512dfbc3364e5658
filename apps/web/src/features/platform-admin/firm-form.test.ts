import type { PlatformFirm } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { confirmationMatches } from '../../components/type-to-confirm-dialog';
import {
  createFirmResolver,
  emptyCreateValues,
  firmValuesOf,
  toCreatePayload,
  toUpdatePayload,
  updateFirmResolver,
} from './firm-form';

const filled = () => ({
  ...emptyCreateValues(['documents', 'tasks']),
  name: 'Cabinet Sud',
  domain: 'Sud.Example.fr',
  admin: { email: 'Admin@Sud.test', firstname: 'Ana', lastname: 'Sud' },
});

// The resolver's third argument: only `fields` is read (to attach refs).
const options = { fields: {}, shouldUseNativeValidation: false } as never;

describe('platform firm form', () => {
  it('builds the create payload for each holding choice', () => {
    expect(toCreatePayload(filled())).toEqual({
      name: 'Cabinet Sud',
      domain: 'Sud.Example.fr',
      welcome_message: null,
      module_keys: ['documents', 'tasks'],
      admin: { email: 'Admin@Sud.test', firstname: 'Ana', lastname: 'Sud' },
    });
    const existing = toCreatePayload({
      ...filled(),
      holding_mode: 'existing',
      holding_id: '7',
      holding_name: 'x',
    });
    expect(existing).toMatchObject({ holding_id: 7 });
    expect(existing).not.toHaveProperty('holding_name');
    const created = toCreatePayload({
      ...filled(),
      holding_mode: 'new',
      holding_id: '7',
      holding_name: 'Groupe',
    });
    expect(created).toMatchObject({ holding_name: 'Groupe' });
    expect(created).not.toHaveProperty('holding_id');
  });

  it('sends a blank domain and message as null on update', () => {
    const firm = {
      name: 'A',
      domain: 'a.test',
      welcome_message: 'Hi',
      module_keys: ['documents'],
    } as PlatformFirm;
    expect(firmValuesOf(firm)).toEqual({
      name: 'A',
      domain: 'a.test',
      welcome_message: 'Hi',
      module_keys: ['documents'],
    });
    expect(toUpdatePayload({ ...firmValuesOf(firm), domain: ' ', welcome_message: '' })).toEqual({
      name: 'A',
      domain: null,
      welcome_message: null,
      module_keys: ['documents'],
    });
  });

  it('checks the create form with the contracts, errors nested by field', async () => {
    const ok = await createFirmResolver(filled(), undefined, options);
    expect(ok.errors).toEqual({});
    const bad = await createFirmResolver(
      {
        ...filled(),
        name: ' ',
        domain: 'https://x.fr',
        holding_mode: 'existing',
        admin: { email: 'nope', firstname: '', lastname: 'L' },
      },
      undefined,
      options,
    );
    expect(bad.errors).toMatchObject({
      name: { message: 'required' },
      domain: { message: 'invalid-domain' },
      holding_id: { message: 'required' },
      admin: { email: { message: 'invalid-email' }, firstname: { message: 'required' } },
    });
    const noHoldingName = await createFirmResolver({ ...filled(), holding_mode: 'new' }, undefined, options);
    expect(noHoldingName.errors).toMatchObject({ holding_name: { message: 'required' } });
  });

  it('checks the edit form', async () => {
    const values = { name: 'A', domain: 'bad domain', welcome_message: '', module_keys: [] };
    expect((await updateFirmResolver(values, undefined, options)).errors).toMatchObject({
      domain: { message: 'invalid-domain' },
    });
  });

  it('confirms a deactivation with the exact name', () => {
    expect(confirmationMatches(' Cabinet Sud ', 'Cabinet Sud')).toBe(true);
    expect(confirmationMatches('cabinet sud', 'Cabinet Sud')).toBe(false);
    expect(confirmationMatches('', 'Cabinet Sud')).toBe(false);
  });
});

describe('server field errors', () => {
  it('keeps the fields a form shows', async () => {
    const { serverErrorsOn, CREATE_FIELDS } = await import('./firm-form');
    const error = {
      status: 422,
      body: {
        errors: { domain: ['domain-already-exists'], 'body.admin.email': ['invalid-email'], other: ['x'] },
      },
    };
    expect(serverErrorsOn(error, CREATE_FIELDS)).toEqual([
      ['domain', 'domain-already-exists'],
      ['admin.email', 'invalid-email'],
    ]);
    expect(serverErrorsOn({ status: 409, body: null }, CREATE_FIELDS)).toEqual([]);
  });
});
