import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from '../src/db/schema';
import {
  accountingFirmMemberships,
  accountingFirmModules,
  accountingFirms,
  accountingPeriods,
  documents,
  documentVersions,
  folders,
  holdingMemberships,
  holdings,
  modules,
  passwordTokens,
  sessions,
  siretRegistry,
  taskItems,
  taskMembers,
  tasks,
  taskThemes,
  terms,
  themes,
  users,
  vendorAddresses,
  vendorAssignments,
  vendorBanks,
  vendorMemberships,
  vendors,
  whiteLabels,
} from '../src/db/schema';
import { hashPassword } from '../src/platform/auth/passwords';
import { hashToken, newToken } from '../src/platform/auth/tokens';
import { DEMO_PASSWORD, identifiersFrom } from '../src/startup/seed/demo';

/**
 * Test data factories. Each `buildX(db, overrides)` inserts one row with unique defaults, creates
 * the parents it is not given (a client file without a firm gets a new firm; a firm gets a
 * holding only when asked), and returns the rows: its own and its parents'. Parents are passed as
 * rows, or as `{ id }` when a test only knows the id (from the API or the demo data). `db` may be
 * a transaction.
 */

/** The app's database, or a transaction on it. */
export type FactoryDb = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Holding = typeof holdings.$inferSelect;
export type Firm = typeof accountingFirms.$inferSelect;
export type User = typeof users.$inferSelect;
export type FirmMembership = typeof accountingFirmMemberships.$inferSelect;
export type HoldingMembership = typeof holdingMemberships.$inferSelect;
export type Vendor = typeof vendors.$inferSelect;
export type VendorMembership = typeof vendorMemberships.$inferSelect;
export type Assignment = typeof vendorAssignments.$inferSelect;
export type Bank = typeof vendorBanks.$inferSelect;
export type Address = typeof vendorAddresses.$inferSelect;
export type Period = typeof accountingPeriods.$inferSelect;
export type Task = typeof tasks.$inferSelect;
export type TaskItem = typeof taskItems.$inferSelect;
export type Terms = typeof terms.$inferSelect;
export type Theme = typeof themes.$inferSelect;
export type WhiteLabel = typeof whiteLabels.$inferSelect;

type Ref = { id: number };
/** A client file as its children need it: its id and its firm's. */
type VendorRef = { id: number; accountingFirmId: number };
/** A parent as the caller gave it, else the row the factory built. */
type Parent<Given, Built> = Given extends Ref ? Given : Built;

/**
 * The password of the users the factories build (`t.signIn(email)` uses it by default). Name it
 * through this constant, never as a literal nor as the demo data's: a rules test knows only the
 * factories.
 */
export const TEST_PASSWORD = DEMO_PASSWORD;

let counter = 0;
/** A number no other row of this test file's factories got. */
export const sequence = () => ++counter;

let sirets = 0;
/**
 * A valid SIRET (Luhn keys) no other call of this test file got (each file has its own
 * database): the one SIRET generator of the tests. Its SIREN, its first nine digits, begins with
 * 8, away from the demo data's (4).
 */
export function freshSiret(): string {
  sirets += 1;
  return identifiersFrom(String(80_000_000 + sirets * 7)).siret;
}

const hashes = new Map<string, Promise<string>>();
/** The argon2id hash of `password`, computed once per test file (hashing is slow on purpose). */
export function passwordHashOf(password = TEST_PASSWORD): Promise<string> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
}

/** A square PNG of `size` pixels, one colour: a firm's logo. */
export async function buildLogo(colour = '#1565c0', size = 256): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function one<T>(rows: Promise<T[]>): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error('factory insert returned no row');
  return row;
}

export async function buildHolding(db: FactoryDb, overrides: Partial<typeof holdings.$inferInsert> = {}) {
  const n = sequence();
  const holding = await one(
    db
      .insert(holdings)
      .values({ name: `Groupe ${n}`, ...overrides })
      .returning(),
  );
  return { holding };
}

/**
 * A firm (portal) row alone. `holding: true` builds a holding for it; without one it belongs to
 * none. See `buildPortal` for a firm with its branding, modules and terms.
 */
export async function buildFirm<H extends Ref | true | undefined = undefined>(
  db: FactoryDb,
  { holding, ...overrides }: { holding?: H } & Partial<typeof accountingFirms.$inferInsert> = {},
) {
  const parent = (holding === true ? (await buildHolding(db)).holding : (holding ?? null)) as H extends true
    ? Holding
    : Parent<H, null>;
  const n = sequence();
  const firm = await one(
    db
      .insert(accountingFirms)
      .values({
        name: `Cabinet ${n}`,
        domain: `cabinet-${n}.factory.test`,
        holdingId: parent?.id ?? null,
        ...overrides,
      })
      .returning(),
  );
  return { firm, holding: parent };
}

/** The light and dark branding of a firm, named after it. */
export async function buildWhiteLabels<F extends (Ref & { name: string }) | undefined = undefined>(
  db: FactoryDb,
  { firm, light = {}, dark = {} }: { firm?: F; light?: Partial<WhiteLabel>; dark?: Partial<WhiteLabel> } = {},
) {
  const owner = (firm ?? (await buildFirm(db)).firm) as Parent<F, Firm>;
  const rows = await db
    .insert(whiteLabels)
    .values([
      {
        accountingFirmId: owner.id,
        theme: 'light',
        name: owner.name,
        primaryColor: '#112233',
        secondaryColor: '#445566',
        ...light,
      },
      {
        accountingFirmId: owner.id,
        theme: 'dark',
        name: owner.name,
        primaryColor: '#778899',
        secondaryColor: '#aabbcc',
        ...dark,
      },
    ])
    .returning();
  return { whiteLabels: rows, firm: owner };
}

/** Subscribes a firm to every module of the catalogue (or to `moduleIds`). */
export async function buildFirmModules<F extends Ref | undefined = undefined>(
  db: FactoryDb,
  { firm, moduleIds }: { firm?: F; moduleIds?: number[] } = {},
) {
  const owner = (firm ?? (await buildFirm(db)).firm) as Parent<F, Firm>;
  const ids = moduleIds ?? (await db.select({ id: modules.id }).from(modules)).map((m) => m.id);
  const rows = ids.length
    ? await db
        .insert(accountingFirmModules)
        .values(ids.map((moduleId) => ({ accountingFirmId: owner.id, moduleId })))
        .returning()
    : [];
  return { firmModules: rows, firm: owner };
}

/** One version of a firm's terms of use in one language (version 1, French by default). */
export async function buildTerms<F extends Ref | undefined = undefined>(
  db: FactoryDb,
  { firm, ...overrides }: { firm?: F } & Partial<typeof terms.$inferInsert> = {},
) {
  const owner = (firm ?? (await buildFirm(db)).firm) as Parent<F, Firm>;
  const n = sequence();
  const row = await one(
    db
      .insert(terms)
      .values({
        accountingFirmId: owner.id,
        version: 1,
        locale: 'fr',
        title: `CGU ${n}`,
        content: 'Article 1 — conditions de test.',
        ...overrides,
      })
      .returning(),
  );
  return { terms: row, firm: owner };
}

/** An access-rights theme of a firm. */
export async function buildTheme<F extends Ref | undefined = undefined>(
  db: FactoryDb,
  { firm, ...overrides }: { firm?: F } & Partial<typeof themes.$inferInsert> = {},
) {
  const owner = (firm ?? (await buildFirm(db)).firm) as Parent<F, Firm>;
  const n = sequence();
  const theme = await one(
    db
      .insert(themes)
      .values({ accountingFirmId: owner.id, title: `Thème ${n}`, colour: '#1565c0', ...overrides })
      .returning(),
  );
  return { theme, firm: owner };
}

/**
 * A firm set up like the ones the super admin creates: its branding, every module, and version 1
 * of its terms in French.
 */
export async function buildPortal<H extends Ref | true | undefined = undefined>(
  db: FactoryDb,
  options: { holding?: H; termsTitle?: string } & Partial<typeof accountingFirms.$inferInsert> = {},
) {
  const { termsTitle, ...firmOptions } = options;
  const { firm, holding } = await buildFirm(db, firmOptions);
  const { whiteLabels: labels } = await buildWhiteLabels(db, { firm });
  await buildFirmModules(db, { firm });
  const { terms: firmTerms } = await buildTerms(db, {
    firm,
    ...(termsTitle ? { title: termsTitle } : {}),
  });
  return { firm, holding, whiteLabels: labels, terms: firmTerms };
}

/**
 * A user who can sign in with `password` (the demo password unless given, so `t.signIn(email)`
 * works). `passwordHash: null` makes an invited user who has no password yet.
 */
export async function buildUser(
  db: FactoryDb,
  { password, ...overrides }: { password?: string } & Partial<typeof users.$inferInsert> = {},
) {
  const n = sequence();
  const passwordHash = 'passwordHash' in overrides ? overrides.passwordHash : await passwordHashOf(password);
  const user = await one(
    db
      .insert(users)
      .values({
        email: `user-${n}@factory.test`,
        firstname: 'Test',
        lastname: `User ${n}`,
        ...overrides,
        passwordHash,
      })
      .returning(),
  );
  return { user };
}

/** A member of a firm's team (collaborator unless `role` says admin). */
export async function buildFirmMember<
  F extends Ref | undefined = undefined,
  U extends Ref | undefined = undefined,
>(
  db: FactoryDb,
  {
    firm,
    user,
    ...overrides
  }: { firm?: F; user?: U } & Partial<typeof accountingFirmMemberships.$inferInsert> = {},
) {
  const owner = (firm ?? (await buildFirm(db)).firm) as Parent<F, Firm>;
  const person = (user ?? (await buildUser(db)).user) as Parent<U, User>;
  const membership = await one(
    db
      .insert(accountingFirmMemberships)
      .values({ accountingFirmId: owner.id, userId: person.id, role: 'collaborator', ...overrides })
      .returning(),
  );
  return { membership, firm: owner, user: person };
}

/** An administrator of a holding (group). */
export async function buildHoldingAdmin<
  H extends Ref | undefined = undefined,
  U extends Ref | undefined = undefined,
>(db: FactoryDb, { holding, user }: { holding?: H; user?: U } = {}) {
  const group = (holding ?? (await buildHolding(db)).holding) as Parent<H, Holding>;
  const person = (user ?? (await buildUser(db)).user) as Parent<U, User>;
  const membership = await one(
    db.insert(holdingMemberships).values({ holdingId: group.id, userId: person.id }).returning(),
  );
  return { membership, holding: group, user: person };
}

/** A client file with a fresh SIRET (registered platform-wide, as the API does). */
export async function buildVendor<F extends Ref | undefined = undefined>(
  db: FactoryDb,
  { firm, ...overrides }: { firm?: F } & Partial<typeof vendors.$inferInsert> = {},
) {
  const owner = (firm ?? (await buildFirm(db)).firm) as Parent<F, Firm>;
  const n = sequence();
  const siret = 'siret' in overrides ? overrides.siret : freshSiret();
  const vendor = await one(
    db
      .insert(vendors)
      .values({
        accountingFirmId: owner.id,
        company: `Société ${n}`,
        corporateName: `Société ${n} SAS`,
        clientCode: `FAC${n}`,
        siret,
        siren: siret ? siret.slice(0, 9) : null,
        ...overrides,
      })
      .returning(),
  );
  if (vendor.siret) {
    await db
      .insert(siretRegistry)
      .values({ siret: vendor.siret, accountingFirmId: owner.id, vendorId: vendor.id });
  }
  return { vendor, firm: owner };
}

/** A client user of a client file (collaborator unless `role` says otherwise). */
export async function buildClientUser<
  V extends VendorRef | undefined = undefined,
  U extends Ref | undefined = undefined,
>(
  db: FactoryDb,
  {
    vendor,
    user,
    ...overrides
  }: { vendor?: V; user?: U } & Partial<typeof vendorMemberships.$inferInsert> = {},
) {
  const file = (vendor ?? (await buildVendor(db)).vendor) as Parent<V, Vendor>;
  const person = (user ?? (await buildUser(db)).user) as Parent<U, User>;
  const membership = await one(
    db
      .insert(vendorMemberships)
      .values({
        accountingFirmId: file.accountingFirmId,
        vendorId: file.id,
        userId: person.id,
        role: 'collaborator',
        ...overrides,
      })
      .returning(),
  );
  return { membership, vendor: file, user: person };
}

/**
 * A firm member's assignment to a client file. Without `user`, a new collaborator of the client
 * file's firm is built; a `user` given must already be a member of that firm.
 */
export async function buildAssignment<
  V extends VendorRef | undefined = undefined,
  U extends Ref | undefined = undefined,
>(
  db: FactoryDb,
  {
    vendor,
    user,
    ...overrides
  }: { vendor?: V; user?: U } & Partial<typeof vendorAssignments.$inferInsert> = {},
) {
  const file = (vendor ?? (await buildVendor(db)).vendor) as Parent<V, Vendor>;
  const person = (user ??
    (await buildFirmMember(db, { firm: { id: file.accountingFirmId } })).user) as Parent<U, User>;
  const assignment = await one(
    db
      .insert(vendorAssignments)
      .values({ accountingFirmId: file.accountingFirmId, vendorId: file.id, userId: person.id, ...overrides })
      .returning(),
  );
  return { assignment, vendor: file, user: person };
}

/** A bank account of a client file (a valid French IBAN). */
export async function buildBank<V extends VendorRef | undefined = undefined>(
  db: FactoryDb,
  { vendor, ...overrides }: { vendor?: V } & Partial<typeof vendorBanks.$inferInsert> = {},
) {
  const file = (vendor ?? (await buildVendor(db)).vendor) as Parent<V, Vendor>;
  const n = sequence();
  const bank = await one(
    db
      .insert(vendorBanks)
      .values({
        accountingFirmId: file.accountingFirmId,
        vendorId: file.id,
        bankName: `Banque ${n}`,
        iban: 'FR7630006000011234567890189',
        bic: 'BNPAFRPP',
        ...overrides,
      })
      .returning(),
  );
  return { bank, vendor: file };
}

/** An address of a client file (head office unless `type` says otherwise). */
export async function buildAddress<V extends VendorRef | undefined = undefined>(
  db: FactoryDb,
  { vendor, ...overrides }: { vendor?: V } & Partial<typeof vendorAddresses.$inferInsert> = {},
) {
  const file = (vendor ?? (await buildVendor(db)).vendor) as Parent<V, Vendor>;
  const n = sequence();
  const address = await one(
    db
      .insert(vendorAddresses)
      .values({
        accountingFirmId: file.accountingFirmId,
        vendorId: file.id,
        type: 'head_office',
        street: `${n} rue des Tests`,
        city: 'Lyon',
        country: 'France',
        postCode: '69001',
        ...overrides,
      })
      .returning(),
  );
  return { address, vendor: file };
}

/** An accounting period (financial year) of a client file: 2025 unless given. */
export async function buildPeriod<V extends VendorRef | undefined = undefined>(
  db: FactoryDb,
  { vendor, ...overrides }: { vendor?: V } & Partial<typeof accountingPeriods.$inferInsert> = {},
) {
  const file = (vendor ?? (await buildVendor(db)).vendor) as Parent<V, Vendor>;
  const n = sequence();
  const period = await one(
    db
      .insert(accountingPeriods)
      .values({
        accountingFirmId: file.accountingFirmId,
        vendorId: file.id,
        name: `Exercice ${n}`,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        ...overrides,
      })
      .returning(),
  );
  return { period, vendor: file };
}

/**
 * A one-use link (password reset or invitation) for a user, valid for an hour unless
 * `expiresInSeconds` says otherwise. Returns the clear token the link would carry.
 */
export async function buildPasswordToken<U extends Ref | undefined = undefined>(
  db: FactoryDb,
  {
    user,
    expiresInSeconds = 3600,
    ...overrides
  }: { user?: U; expiresInSeconds?: number } & Partial<typeof passwordTokens.$inferInsert> = {},
) {
  const person = (user ?? (await buildUser(db)).user) as Parent<U, User>;
  const token = newToken();
  const row = await one(
    db
      .insert(passwordTokens)
      .values({
        tokenHash: hashToken(token),
        userId: person.id,
        purpose: 'reset',
        expiresAt: new Date(Date.now() + expiresInSeconds * 1000),
        ...overrides,
      })
      .returning(),
  );
  return { token, passwordToken: row, user: person };
}

/** A live signed-in session of a user (its tokens are random and not returned: nobody uses it). */
export async function buildSession<U extends Ref | undefined = undefined>(
  db: FactoryDb,
  { user, ...overrides }: { user?: U } & Partial<typeof sessions.$inferInsert> = {},
) {
  const person = (user ?? (await buildUser(db)).user) as Parent<U, User>;
  const inADay = new Date(Date.now() + 86_400_000);
  const session = await one(
    db
      .insert(sessions)
      .values({
        userId: person.id,
        familyId: newToken(),
        accessTokenHash: hashToken(newToken()),
        refreshTokenHash: hashToken(newToken()),
        accessExpiresAt: inADay,
        refreshExpiresAt: inADay,
        userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/132.0',
        ip: '192.0.2.1',
        ...overrides,
      })
      .returning(),
  );
  return { session, user: person };
}

/**
 * A task of a client file (a firm task to do unless told), with its `members` (user ids) and, for
 * an information request, its `items` (labels; answered ones given as `{ label, answer }`).
 */
export async function buildTask<V extends VendorRef | undefined = undefined>(
  db: FactoryDb,
  {
    vendor,
    members = [],
    items = [],
    themeIds = [],
    ...overrides
  }: {
    vendor?: V;
    members?: number[];
    items?: (string | { label: string; answer: string })[];
    /** Themes of the client file's firm. */
    themeIds?: number[];
  } & Partial<typeof tasks.$inferInsert> = {},
) {
  const file = (vendor ?? (await buildVendor(db)).vendor) as Parent<V, Vendor>;
  const n = sequence();
  const task = await one(
    db
      .insert(tasks)
      .values({
        accountingFirmId: file.accountingFirmId,
        vendorId: file.id,
        title: `Tâche ${n}`,
        type: items.length ? 'information_request' : 'firm_task',
        ...overrides,
      })
      .returning(),
  );
  if (members.length) {
    await db
      .insert(taskMembers)
      .values(
        members.map((userId) => ({ accountingFirmId: task.accountingFirmId, taskId: task.id, userId })),
      );
  }
  if (themeIds.length) {
    await db
      .insert(taskThemes)
      .values(
        themeIds.map((themeId) => ({ accountingFirmId: task.accountingFirmId, taskId: task.id, themeId })),
      );
  }
  const itemRows = items.length
    ? await db
        .insert(taskItems)
        .values(
          items.map((item, i) => ({
            accountingFirmId: task.accountingFirmId,
            taskId: task.id,
            position: i + 1,
            ...(typeof item === 'string'
              ? { label: item }
              : { label: item.label, answer: item.answer, answeredAt: new Date() }),
          })),
        )
        .returning()
    : [];
  return { task, items: itemRows, vendor: file };
}

/**
 * A folder of a client file: under its root (created when missing) unless `parentId` is given.
 */
export async function buildFolder<V extends VendorRef | undefined = undefined>(
  db: FactoryDb,
  { vendor, ...overrides }: { vendor?: V } & Partial<typeof folders.$inferInsert> = {},
) {
  const file = (vendor ?? (await buildVendor(db)).vendor) as Parent<V, Vendor>;
  const owner = { accountingFirmId: file.accountingFirmId, vendorId: file.id };
  let parentId = overrides.parentId;
  if (parentId === undefined) {
    const [root] = await db
      .insert(folders)
      .values({ ...owner, name: 'root' })
      .onConflictDoNothing()
      .returning();
    parentId =
      root?.id ??
      (await db.query.folders.findFirst({
        where: (f, { and, eq, isNull }) =>
          and(eq(f.accountingFirmId, file.accountingFirmId), eq(f.vendorId, file.id), isNull(f.parentId)),
      }))!.id;
  }
  const folder = await one(
    db
      .insert(folders)
      .values({ ...owner, name: `Dossier ${sequence()}`, ...overrides, parentId })
      .returning(),
  );
  return { folder, vendor: file };
}

/**
 * A document with one version in a folder (built when not given). Its content's blob is not
 * written: pass `content` and store it yourself when a test downloads it.
 */
export async function buildDocument<F extends (VendorRef & { vendorId: number }) | undefined = undefined>(
  db: FactoryDb,
  {
    folder,
    content = 'document content',
    ...overrides
  }: { folder?: F; content?: string } & Partial<typeof documents.$inferInsert> = {},
) {
  const parent = (folder ?? (await buildFolder(db)).folder) as Parent<F, typeof folders.$inferSelect>;
  const n = sequence();
  const document = await one(
    db
      .insert(documents)
      .values({
        accountingFirmId: parent.accountingFirmId,
        vendorId: parent.vendorId,
        folderId: parent.id,
        name: `Document ${n}.txt`,
        ...overrides,
      })
      .returning(),
  );
  const bytes = Buffer.from(content);
  const version = await one(
    db
      .insert(documentVersions)
      .values({
        accountingFirmId: parent.accountingFirmId,
        documentId: document.id,
        blobKey: createHash('sha256').update(bytes).digest('hex'),
        size: bytes.length,
        mimeType: 'text/plain',
        originalName: document.name,
        storedName: `${Date.now()}${n % 100}.txt`,
        md5: createHash('md5').update(bytes).digest('hex'),
      })
      .returning(),
  );
  await db.update(documents).set({ currentVersionId: version.id }).where(eqId(document.id));
  return { document: { ...document, currentVersionId: version.id }, version, folder: parent };
}

const eqId = (id: number) => eq(documents.id, id);
