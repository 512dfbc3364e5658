import { luhnCheckDigit } from '@portal/contracts';
import type { Db } from '../../src/db/client';
import {
  accountingFirmMemberships,
  accountingFirmModules,
  accountingFirms,
  accountingPeriods,
  holdingMemberships,
  holdings,
  modules,
  siretRegistry,
  terms,
  users,
  vendorAddresses,
  vendorAssignments,
  vendorBanks,
  vendorMemberships,
  vendors,
  whiteLabels,
} from '../../src/db/schema';
import { hashPassword } from '../../src/platform/auth/passwords';

export const WORLD_PASSWORD = 'Probe-password-2026';

/** Every kind of id a route can carry, for one tenant (the OpenAPI `x-ref` values). */
export type TenantIds = {
  accounting_firm: number;
  /** Another portal of the same holding (a transfer's target); not an `x-ref` of its own. */
  sister_firm: number;
  holding: number;
  vendor: number;
  bank: number;
  address: number;
  accounting_period: number;
  vendor_user: number;
  user: number;
  module: number;
  tree_structure: number;
};

export type Actor = { role: string; email: string };

export type Tenant = {
  label: string;
  ids: TenantIds;
  actors: Actor[];
  /** Strings only this tenant's data contains: finding one in another tenant's answer is a leak. */
  markers: string[];
};

let siretSeed = 9000;
/** A fresh valid SIRET (Luhn) that no other fixture uses. */
export function freshSiret(): string {
  siretSeed += 1;
  const sirenBody = String(70000000 + siretSeed * 7).padStart(8, '0');
  const siren = sirenBody + luhnCheckDigit(sirenBody);
  const body = `${siren}${String(siretSeed % 10000).padStart(4, '0')}`;
  return body + luhnCheckDigit(body);
}

/**
 * Builds one tenant with every shape that exists: holding, portal, white label, a client file
 * with bank, address, period, and users of every role. Later modules add their rows here.
 */
export async function buildTenant(db: Db, label: string, passwordHash: string): Promise<Tenant> {
  const name = `${label[0]!.toUpperCase()}${label.slice(1)}`;
  const email = (role: string) => `${role}-${label}@probe.test`;
  return db.transaction(async (tx) => {
    const [holding] = await tx
      .insert(holdings)
      .values({ name: `${name} Holding` })
      .returning();
    const [firm] = await tx
      .insert(accountingFirms)
      .values({ name: `${name} Firm`, domain: `${label}.probe.test`, holdingId: holding!.id })
      .returning();
    const firmId = firm!.id;
    const [sister] = await tx
      .insert(accountingFirms)
      .values({ name: `${name} Sister Firm`, domain: `sister.${label}.probe.test`, holdingId: holding!.id })
      .returning();
    await tx.insert(whiteLabels).values([
      {
        accountingFirmId: firmId,
        theme: 'light',
        name: `${name} Firm`,
        primaryColor: '#112233',
        secondaryColor: '#445566',
      },
      {
        accountingFirmId: firmId,
        theme: 'dark',
        name: `${name} Firm`,
        primaryColor: '#778899',
        secondaryColor: '#aabbcc',
      },
    ]);
    const allModules = await tx.select({ id: modules.id }).from(modules);
    await tx
      .insert(accountingFirmModules)
      .values(allModules.map((m) => ({ accountingFirmId: firmId, moduleId: m.id })));
    await tx
      .insert(terms)
      .values({ accountingFirmId: firmId, version: 1, locale: 'fr', title: `${name} CGU`, content: '...' });

    const roles = [
      'admin',
      'collab',
      'collabreadonly',
      'collaball',
      'unassigned',
      'clientadmin',
      'clientcollab',
      'guest',
      'holdingadmin',
    ] as const;
    const people = await tx
      .insert(users)
      .values(roles.map((r) => ({ email: email(r), passwordHash, firstname: name, lastname: r })))
      .returning();
    const id = (r: (typeof roles)[number]) => people.find((p) => p.email === email(r))!.id;

    const siret = freshSiret();
    const [vendor] = await tx
      .insert(vendors)
      .values({
        accountingFirmId: firmId,
        company: `${name} Company`,
        corporateName: `${name} Company SAS`,
        clientCode: `${label.toUpperCase()}01`,
        siret,
        siren: siret.slice(0, 9),
        notes: `${name} secret note`,
      })
      .returning();
    const vendorId = vendor!.id;
    await tx.insert(siretRegistry).values({ siret, accountingFirmId: firmId, vendorId });
    const [bank] = await tx
      .insert(vendorBanks)
      .values({
        accountingFirmId: firmId,
        vendorId,
        bankName: `${name} Bank`,
        iban: 'FR7630006000011234567890189',
        bic: 'BNPAFRPP',
      })
      .returning();
    const [address] = await tx
      .insert(vendorAddresses)
      .values({
        accountingFirmId: firmId,
        vendorId,
        type: 'head_office',
        street: `1 ${name} Street`,
        city: 'Lyon',
        country: 'France',
        postCode: '69001',
      })
      .returning();
    const [period] = await tx
      .insert(accountingPeriods)
      .values({
        accountingFirmId: firmId,
        vendorId,
        name: `${name} FY`,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
      })
      .returning();

    await tx.insert(accountingFirmMemberships).values([
      { accountingFirmId: firmId, userId: id('admin'), role: 'admin' },
      { accountingFirmId: sister!.id, userId: id('admin'), role: 'admin' },
      { accountingFirmId: firmId, userId: id('collab'), role: 'collaborator' },
      { accountingFirmId: firmId, userId: id('collabreadonly'), role: 'collaborator' },
      { accountingFirmId: firmId, userId: id('collaball'), role: 'collaborator', allVendors: true },
      // A member of the firm with no assignment: the firm's client files stay closed to them.
      { accountingFirmId: firmId, userId: id('unassigned'), role: 'collaborator' },
    ]);
    await tx.insert(vendorAssignments).values([
      { accountingFirmId: firmId, vendorId, userId: id('collab') },
      { accountingFirmId: firmId, vendorId, userId: id('collabreadonly'), readOnly: true },
    ]);
    await tx.insert(vendorMemberships).values([
      { accountingFirmId: firmId, vendorId, userId: id('clientadmin'), role: 'admin' },
      { accountingFirmId: firmId, vendorId, userId: id('clientcollab'), role: 'collaborator' },
      { accountingFirmId: firmId, vendorId, userId: id('guest'), role: 'guest' },
    ]);
    await tx.insert(holdingMemberships).values({ holdingId: holding!.id, userId: id('holdingadmin') });

    return {
      label,
      ids: {
        accounting_firm: firmId,
        sister_firm: sister!.id,
        holding: holding!.id,
        vendor: vendorId,
        bank: bank!.id,
        address: address!.id,
        accounting_period: period!.id,
        vendor_user: id('clientadmin'),
        user: id('collab'),
        module: allModules[0]!.id,
        tree_structure: 1,
      },
      actors: roles.map((r) => ({ role: r, email: email(r) })),
      markers: [
        `${name} Firm`,
        `${name} Company`,
        `${name} secret note`,
        `${name} Bank`,
        `${name} Street`,
        `${name} FY`,
        siret,
        ...roles.map(email),
      ],
    };
  });
}

export const worldPasswordHash = () => hashPassword(WORLD_PASSWORD);

export const SUPER_ADMIN_EMAIL = 'superadmin@probe.test';

/** The platform's super admin (no tenant): the one actor the `/api/sa/` routes answer. */
export async function createSuperAdmin(db: Db, passwordHash: string): Promise<string> {
  await db
    .insert(users)
    .values({
      email: SUPER_ADMIN_EMAIL,
      passwordHash,
      firstname: 'Super',
      lastname: 'Admin',
      isSuperAdmin: true,
    })
    .onConflictDoNothing();
  return SUPER_ADMIN_EMAIL;
}
