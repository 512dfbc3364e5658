import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirmMember, type FactoryDb } from '../../../../test/factories';
import { createTestApp, type TestApp } from '../../../../test/test-app';

// A client file is read as JSON written by PostgreSQL (`vendor-json.sql.ts`) and written back
// from the returned row (`toVendorDto`): both must say the same thing, field for field.
let t: TestApp;
let token: string;
let firmId: number;

beforeAll(async () => {
  t = await createTestApp();
  const { firm, user } = await buildFirmMember(t.database.db as FactoryDb, { role: 'admin' });
  firmId = firm.id;
  token = await t.signIn(user.email);
}, 60_000);
afterAll(() => t.close());

const read = async (id: number) => {
  const res = await t.request({ method: 'GET', url: `/api/vendors/${id}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

describe('GET /api/vendors/{id} answers what the writes answer', () => {
  it('with every field empty, then every field set, then deactivated', async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/accounting-firms/${firmId}/vendors`,
      token,
      payload: {
        company: 'Miroir',
        corporate_name: 'Miroir SAS',
        client_code: 'MIROIR1',
        identifier_type: 'other',
        identifier: 'MIROIR-1',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.id as number;
    expect(await read(id)).toStrictEqual(created.body.data);

    const full = await t.request({
      method: 'PATCH',
      url: `/api/vendors/${id}`,
      token,
      payload: {
        contact_email: 'contact@miroir.test',
        contact_phone: '+33 1 23 45 67 89',
        colour: '#123abc',
        notes: 'Des "guillemets", une barre \\ et des accents : éàç',
        naf_code: '10.71C',
        legal_form: 'SAS',
        capital: 12345.5,
        employee_number: 7,
        rcs: 'Lyon B 123',
        rum: 'RUM-1',
        creation_date: '2020-02-29',
        closing_date: '2026-12-31',
        mission_letter_date: '2021-01-15',
        cfe: true,
        cga: false,
        cvae: true,
        das2: true,
        decloyer: true,
        dsi: true,
        ifu: true,
        irpp: true,
        tvts: true,
        fiscal_account: 'FA-1',
        fiscal_status: 'IS',
        fiscal_type: 'réel normal',
        tva_type: 'débit',
        tva_period: 'monthly',
        tva_due_day: 19,
        tva_intra_number: 'FR12345678901',
        tax_office: 'SIE Lyon',
        tax_comment: 'Ligne 1\nLigne 2',
      },
    });
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    const got = await read(id);
    expect(got).toStrictEqual(full.body.data);
    expect(got).toMatchObject({ capital: 12345.5, cvae: true, cga: false, tva_due_day: 19 });

    const deactivated = await t.request({ method: 'POST', url: `/api/vendors/${id}/deactivate`, token });
    expect(deactivated.status, JSON.stringify(deactivated.body)).toBe(200);
    expect(await read(id)).toStrictEqual(deactivated.body.data);
    expect((await read(id)).deactivated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
