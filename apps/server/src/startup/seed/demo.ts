import { luhnCheckDigit } from '@portal/contracts';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountingFirmMemberships,
  accountingFirmModules,
  accountingFirms,
  accountingPeriods,
  fileSharePasswords,
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
} from '../../db/schema';
import { createFolders } from '../../modules/documents/tree/tree.service';
import { DEMO_TERMS } from '../../modules/terms/default-terms';
import { hashPassword } from '../../platform/auth/passwords';
import { seedDemoCatalog } from './demo-catalog';
import { MODULE_CATALOGUE } from './modules';

export const DEMO_PASSWORD = 'Demo-portal-2026';
/** Every demo account's file-share password (the network drive, `/dav/`). */
export const DEMO_FILE_SHARE_PASSWORD = 'Dav-portal-2026';

export const DEMO_ACCOUNTS = [
  { email: 'superadmin@demo.test', role: 'platform super admin' },
  { email: 'expert@demo.test', role: 'firm administrator of both portals, group admin' },
  { email: 'collab@demo.test', role: 'firm collaborator of Cabinet Démo, assigned to two client files' },
  { email: 'client@demo.test', role: 'client administrator of Boulangerie Martin' },
  { email: 'guest@demo.test', role: 'guest of Boulangerie Martin' },
] as const;

/** A valid SIREN and its head-office SIRET (Luhn keys) from the SIREN's first eight digits. */
export function identifiersFrom(sirenBody: string): { siren: string; siret: string } {
  const siren = sirenBody + luhnCheckDigit(sirenBody);
  const siretBody = `${siren}0001`;
  return { siren, siret: siretBody + luhnCheckDigit(siretBody) };
}

/** A valid SIREN and SIRET from a seed number (the demo's are `4…`). */
export function demoIdentifiers(n: number): { siren: string; siret: string } {
  return identifiersFrom(String(40000000 + n * 7919).padStart(8, '0'));
}

async function logoPng(letter: string, colour: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><circle cx="128" cy="128" r="120" fill="${colour}"/><text x="128" y="170" font-size="120" font-family="sans-serif" font-weight="bold" fill="#fff" text-anchor="middle">${letter}</text></svg>`;
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Creates the module catalogue when missing (every install needs it). */
export async function ensureModules(db: Db): Promise<void> {
  await db
    .insert(modules)
    .values(
      MODULE_CATALOGUE.map((m) => ({
        key: m.key,
        name: m.name,
        priority: m.priority,
        isHome: 'isHome' in m ? m.isHome : false,
        isNavbar: 'isNavbar' in m ? m.isNavbar : true,
        isSettings: 'isSettings' in m ? m.isSettings : false,
        audience: m.audience,
      })),
    )
    .onConflictDoNothing();
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Loads the demo data set (README: demo accounts) in one transaction. */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const fileShareHash = await hashPassword(DEMO_FILE_SHARE_PASSWORD);
  const logos = { demo: await logoPng('D', '#1565c0'), nord: await logoPng('N', '#6a1b9a') };
  await db.transaction(async (tx) => {
    await ensureModules(tx);
    const [holding] = await tx.insert(holdings).values({ name: 'Groupe Démo' }).returning();
    const [demo, nord] = await tx
      .insert(accountingFirms)
      .values([
        {
          name: 'Cabinet Démo',
          domain: 'localhost',
          holdingId: holding!.id,
          welcomeMessage: 'Bienvenue sur le portail du Cabinet Démo.',
          leaderFirstname: 'Émilie',
          leaderLastname: 'Expert',
          leaderEmail: 'expert@demo.test',
        },
        {
          name: 'Cabinet Nord',
          domain: 'nord.localhost',
          holdingId: holding!.id,
          welcomeMessage: 'Bienvenue sur le portail du Cabinet Nord.',
        },
      ])
      .returning();
    const firms = [
      { firm: demo!, logo: logos.demo, light: ['#1565c0', '#0d2b4e'], dark: ['#90caf9', '#b0bec5'] },
      { firm: nord!, logo: logos.nord, light: ['#6a1b9a', '#263238'], dark: ['#ce93d8', '#b0bec5'] },
    ];
    for (const { firm, logo, light, dark } of firms) {
      await tx.insert(whiteLabels).values([
        {
          accountingFirmId: firm.id,
          theme: 'light',
          name: firm.name,
          logo,
          logoMime: 'image/png',
          primaryColor: light[0]!,
          secondaryColor: light[1]!,
        },
        {
          accountingFirmId: firm.id,
          theme: 'dark',
          name: firm.name,
          logo,
          logoMime: 'image/png',
          primaryColor: dark[0]!,
          secondaryColor: dark[1]!,
        },
      ]);
      const allModules = await tx.select({ id: modules.id }).from(modules);
      await tx
        .insert(accountingFirmModules)
        .values(allModules.map((m) => ({ accountingFirmId: firm.id, moduleId: m.id })));
      await tx.insert(terms).values(
        (['fr', 'en', 'pt'] as const).map((locale) => ({
          accountingFirmId: firm.id,
          version: 1,
          locale,
          title: DEMO_TERMS[locale].title,
          content: DEMO_TERMS[locale].content,
        })),
      );
      await seedDemoCatalog(tx, firm.id);
    }

    const people = [
      { email: 'superadmin@demo.test', firstname: 'Sam', lastname: 'Super', isSuperAdmin: true },
      { email: 'expert@demo.test', firstname: 'Émilie', lastname: 'Expert', civility: 'Mme' as const },
      { email: 'collab@demo.test', firstname: 'Claude', lastname: 'Collab', civility: 'M.' as const },
      { email: 'client@demo.test', firstname: 'Marie', lastname: 'Martin', civility: 'Mme' as const },
      { email: 'guest@demo.test', firstname: 'Gaston', lastname: 'Invité', civility: 'M.' as const },
    ];
    const created = await tx
      .insert(users)
      .values(people.map((p) => ({ ...p, passwordHash, locale: 'fr' as const })))
      .returning();
    const id = (email: string) => created.find((u) => u.email === email)!.id;
    await tx
      .insert(fileSharePasswords)
      .values(created.map((u) => ({ userId: u.id, label: 'Demo', passwordHash: fileShareHash })));

    const companies = [
      {
        firm: demo!,
        company: 'Boulangerie Martin',
        corporateName: 'Boulangerie Martin SARL',
        clientCode: 'BOUL01',
        n: 1,
      },
      {
        firm: demo!,
        company: 'Garage Dupont',
        corporateName: 'Garage Dupont SAS',
        clientCode: 'GAR01',
        n: 2,
      },
      {
        firm: demo!,
        company: 'Fleurs et Compagnie',
        corporateName: 'Fleurs et Compagnie EURL',
        clientCode: 'FLE01',
        n: 3,
      },
      {
        firm: nord!,
        company: 'Transports du Nord',
        corporateName: 'Transports du Nord SA',
        clientCode: 'TRN01',
        n: 4,
      },
    ];
    const vendorRows = await tx
      .insert(vendors)
      .values(
        companies.map((c) => ({
          accountingFirmId: c.firm.id,
          company: c.company,
          corporateName: c.corporateName,
          clientCode: c.clientCode,
          ...demoIdentifiers(c.n),
        })),
      )
      .returning();
    const vendor = (code: string) => vendorRows.find((v) => v.clientCode === code)!;
    // Each client file gets its folders: the root and those of its firm's default tree structure
    // (the platform's "Standard": the demo firms have none of their own).
    for (const v of vendorRows) await createFolders(tx, v);
    await tx
      .insert(siretRegistry)
      .values(
        vendorRows.map((v) => ({ siret: v.siret!, accountingFirmId: v.accountingFirmId, vendorId: v.id })),
      );

    const fleurs = vendor('FLE01');
    const fleursRef = { accountingFirmId: fleurs.accountingFirmId, vendorId: fleurs.id };
    await tx.insert(vendorBanks).values({
      ...fleursRef,
      bankName: 'Crédit Agricole',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
    });
    await tx.insert(vendorAddresses).values({
      ...fleursRef,
      type: 'head_office',
      street: '12 rue des Lilas',
      city: 'Nantes',
      country: 'France',
      postCode: '44000',
    });
    await tx.insert(accountingPeriods).values([
      { ...fleursRef, name: 'Exercice 2025', startDate: '2025-01-01', endDate: '2025-12-31' },
      { ...fleursRef, name: 'Exercice 2026', startDate: '2026-01-01', endDate: '2026-12-31' },
    ]);

    await tx.insert(accountingFirmMemberships).values([
      { accountingFirmId: demo!.id, userId: id('expert@demo.test'), role: 'admin', isGroupAdmin: true },
      { accountingFirmId: nord!.id, userId: id('expert@demo.test'), role: 'admin', isGroupAdmin: true },
      { accountingFirmId: demo!.id, userId: id('collab@demo.test'), role: 'collaborator' },
    ]);
    await tx.insert(vendorAssignments).values([
      { accountingFirmId: demo!.id, vendorId: vendor('BOUL01').id, userId: id('collab@demo.test') },
      {
        accountingFirmId: demo!.id,
        vendorId: vendor('GAR01').id,
        userId: id('collab@demo.test'),
        readOnly: true,
      },
    ]);
    await tx.insert(vendorMemberships).values([
      {
        accountingFirmId: demo!.id,
        vendorId: vendor('BOUL01').id,
        userId: id('client@demo.test'),
        role: 'admin',
      },
      {
        accountingFirmId: demo!.id,
        vendorId: vendor('BOUL01').id,
        userId: id('guest@demo.test'),
        role: 'guest',
      },
    ]);
  });
}
