import { createHash } from 'node:crypto';
import type { ListVendorsQuery } from '@portal/contracts';
import { and, asc, count, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  accountingFirmMemberships,
  accountingFirms,
  modules,
  siretRegistry,
  vendorAssignments,
  vendorMemberships,
  vendorModules,
  vendors,
} from '../../../db/schema';
import { isoTimestamp } from '../../../platform/db-json';
import { escapeLike } from '../../../platform/db-like';
import { preparedPerDatabase } from '../../../platform/db-prepared';
import { pageOffset } from '../../../platform/http/pagination';
import { vendorJson } from './vendor-json.sql';

export type VendorRow = typeof vendors.$inferSelect;
export type NewVendorRow = typeof vendors.$inferInsert;
export type FirmRow = typeof accountingFirms.$inferSelect;

const SORTS: Record<NonNullable<ListVendorsQuery['sort']>, SQL> = {
  company: asc(vendors.company),
  '-company': desc(vendors.company),
  client_code: asc(vendors.clientCode),
  '-client_code': desc(vendors.clientCode),
  created_at: asc(vendors.createdAt),
  '-created_at': desc(vendors.createdAt),
};

type VendorSort = NonNullable<ListVendorsQuery['sort']>;

/**
 * The filters of the firm's client list, each one off when its parameter is null, so that one
 * statement per sort serves every combination.
 */
function listFilter(db: Db) {
  const firmId = sql.placeholder('firmId');
  const pattern = sql.placeholder('pattern');
  const prefix = sql.placeholder('prefix');
  const assignedTo = sql.placeholder('assignedTo');
  return and(
    eq(vendors.accountingFirmId, firmId),
    sql`(${sql.placeholder('status')}::text is null or ${vendors.status} = ${sql.placeholder('status')})`,
    sql`(${pattern}::text is null or ${vendors.company} ilike ${pattern} or ${vendors.corporateName} ilike ${pattern}
      or ${vendors.clientCode} ilike ${pattern} or ${vendors.siren} ilike ${prefix} or ${vendors.siret} ilike ${prefix})`,
    or(
      sql`${assignedTo}::int is null`,
      inArray(
        vendors.id,
        db
          .select({ id: vendorAssignments.vendorId })
          .from(vendorAssignments)
          .where(
            and(eq(vendorAssignments.accountingFirmId, firmId), eq(vendorAssignments.userId, assignedTo)),
          ),
      ),
    ),
  );
}

/**
 * A list item as the API writes it (the contracts' `VendorListItem`, in its order), built by
 * PostgreSQL: the hot list is sent as the database wrote it (`prebuiltJson`).
 */
const listItemJson = sql`json_build_object(
  'id', ${vendors.id}, 'accounting_firm_id', ${vendors.accountingFirmId}, 'company', ${vendors.company},
  'corporate_name', ${vendors.corporateName}, 'client_code', ${vendors.clientCode},
  'siren', ${vendors.siren}, 'siret', ${vendors.siret}, 'identifier_type', ${vendors.identifierType},
  'identifier', ${vendors.identifier}, 'status', ${vendors.status},
  'deactivated_at', ${isoTimestamp(vendors.deactivatedAt)}, 'created_at', ${isoTimestamp(vendors.createdAt)})`;

const vendorPageQueries = preparedPerDatabase((db) => {
  const page = (sort: VendorSort) => {
    const rows = db
      .select({
        item: sql`${listItemJson}`.as('item'),
        total: sql<number>`count(*) over ()`.as('total'),
        n: sql<number>`row_number() over (order by ${SORTS[sort]}, ${vendors.id})`.as('n'),
      })
      .from(vendors)
      .where(listFilter(db))
      .orderBy(SORTS[sort], asc(vendors.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('p');
    return db
      .select({
        json: sql<string>`coalesce(json_agg(${rows.item} order by ${rows.n}), '[]')::text`,
        total: sql<number>`coalesce(max(${rows.total}), 0)`.mapWith(Number),
      })
      .from(rows)
      .prepare(`vendor_page_${sort.replace('-', 'desc_')}`);
  };
  const pages = new Map<VendorSort, ReturnType<typeof page>>();
  return {
    page(sort: VendorSort) {
      let query = pages.get(sort);
      if (!query) {
        query = page(sort);
        pages.set(sort, query);
      }
      return query;
    },
    count: db.select({ n: count() }).from(vendors).where(listFilter(db)).prepare('vendor_page_count'),
  };
});

/**
 * A page of a firm's client files as the API's JSON array (prepared, one statement per sort);
 * `onlyAssignedTo` limits it to one member's assignments.
 */
export async function listVendorsJson(
  db: Db,
  accountingFirmId: number,
  query: ListVendorsQuery,
  onlyAssignedTo?: number,
): Promise<{ json: string; total: number }> {
  const search = query.search?.trim();
  const params = {
    firmId: accountingFirmId,
    status: query.status ?? null,
    pattern: search ? `%${escapeLike(search)}%` : null,
    prefix: search ? `${escapeLike(search.replace(/\s/g, ''))}%` : null,
    assignedTo: onlyAssignedTo ?? null,
  };
  const queries = vendorPageQueries(db);
  // The total rides along with the page (one round trip); a page past the end has no row to
  // carry it, so only then is it counted apart.
  const [page] = await queries
    .page(query.sort ?? 'company')
    .execute({ ...params, limit: query.per_page, offset: pageOffset(query) });
  if (page && page.total > 0) return page;
  const [totalRow] = await queries.count.execute(params);
  return { json: '[]', total: Number(totalRow?.n ?? 0) };
}

const oneVendor = (accountingFirmId: number, id: number) =>
  and(eq(vendors.accountingFirmId, accountingFirmId), eq(vendors.id, id));

const vendorJsonById = preparedPerDatabase((db) =>
  db
    .select({ json: vendorJson })
    .from(vendors)
    .where(
      and(eq(vendors.accountingFirmId, sql.placeholder('firmId')), eq(vendors.id, sql.placeholder('id'))),
    )
    .prepare('vendor_json_by_id'),
);

/** A client file as the API's JSON (`vendor-json.sql.ts`), or undefined. */
export async function findVendorJson(
  db: Db,
  accountingFirmId: number,
  id: number,
): Promise<string | undefined> {
  const [row] = await vendorJsonById(db).execute({ firmId: accountingFirmId, id });
  return row?.json;
}

export async function lockVendor(
  db: Db,
  accountingFirmId: number,
  id: number,
): Promise<VendorRow | undefined> {
  const [row] = await db.select().from(vendors).where(oneVendor(accountingFirmId, id)).for('update').limit(1);
  return row;
}

export async function insertVendor(db: Db, values: NewVendorRow): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  return row!;
}

/** The updated row; undefined when the client file is no longer in this firm (deleted, moved). */
export async function updateVendor(
  db: Db,
  accountingFirmId: number,
  id: number,
  values: Partial<VendorRow>,
): Promise<VendorRow | undefined> {
  const [row] = await db
    .update(vendors)
    .set({ ...values, updatedAt: new Date() })
    .where(oneVendor(accountingFirmId, id))
    .returning();
  return row;
}

type VendorUpdate = ReturnType<typeof prepareVendorUpdate>;

function prepareVendorUpdate(db: Db, keys: (keyof VendorRow)[], withFiscal: boolean, name: string) {
  const set: Record<string, unknown> = Object.fromEntries(keys.map((k) => [k, sql.placeholder(k)]));
  if (withFiscal) set.fiscal = sql`${vendors.fiscal} || ${sql.placeholder('fiscal')}::jsonb`;
  set.updatedAt = sql`now()`;
  return db
    .update(vendors)
    .set(set)
    .where(
      and(eq(vendors.accountingFirmId, sql.placeholder('firmId')), eq(vendors.id, sql.placeholder('id'))),
    )
    .returning()
    .prepare(name);
}

/** One prepared statement per set of edited fields (a handful in practice; bounded anyway). */
const vendorUpdates = preparedPerDatabase(() => new Map<string, VendorUpdate>());
const MAX_UPDATE_SHAPES = 256;

/**
 * The everyday edit in one statement: the given columns set, the fiscal fields merged into the
 * stored ones by the database (no read before the write, no lock held across round trips).
 */
export async function updateVendorMerging(
  db: Db,
  accountingFirmId: number,
  id: number,
  values: Partial<VendorRow>,
  fiscal: Record<string, unknown>,
): Promise<VendorRow | undefined> {
  const keys = (Object.keys(values) as (keyof VendorRow)[]).filter((k) => values[k] !== undefined).sort();
  const withFiscal = Object.keys(fiscal).length > 0;
  const shape = `${keys.join(',')}|${withFiscal}`;
  const statements = vendorUpdates(db);
  let statement = statements.get(shape);
  if (!statement) {
    if (statements.size >= MAX_UPDATE_SHAPES) statements.clear();
    const name = `vendor_update_${createHash('sha1').update(shape).digest('hex').slice(0, 16)}`;
    statement = prepareVendorUpdate(db, keys, withFiscal, name);
    statements.set(shape, statement);
  }
  const [row] = await statement.execute({
    ...values,
    fiscal: withFiscal ? JSON.stringify(fiscal) : undefined,
    firmId: accountingFirmId,
    id,
  });
  return row;
}

/** Assigns members to a client file (an existing assignment stays as it is). */
export async function insertAssignments(db: Db, vendor: VendorRow, userIds: number[]): Promise<void> {
  await db
    .insert(vendorAssignments)
    .values(
      userIds.map((userId) => ({ accountingFirmId: vendor.accountingFirmId, vendorId: vendor.id, userId })),
    )
    .onConflictDoNothing();
}

/** Ends every assignment of a client file in a firm. */
export async function deleteAssignments(db: Db, accountingFirmId: number, vendorId: number): Promise<void> {
  await db
    .delete(vendorAssignments)
    .where(
      and(eq(vendorAssignments.accountingFirmId, accountingFirmId), eq(vendorAssignments.vendorId, vendorId)),
    );
}

/** The platform's modules of these keys (unknown keys are left out). */
export async function modulesByKeys(db: Db, keys: string[]): Promise<{ id: number; key: string }[]> {
  return db.select({ id: modules.id, key: modules.key }).from(modules).where(inArray(modules.key, keys));
}

/** Enables modules on a client file (an enabled one stays as it is). */
export async function insertVendorModules(db: Db, vendor: VendorRow, moduleIds: number[]): Promise<void> {
  await db
    .insert(vendorModules)
    .values(
      moduleIds.map((moduleId) => ({
        accountingFirmId: vendor.accountingFirmId,
        vendorId: vendor.id,
        moduleId,
      })),
    )
    .onConflictDoNothing();
}

/** A portal, to check a transfer's source and target. */
export async function findFirm(db: Db, accountingFirmId: number): Promise<FirmRow | undefined> {
  const [row] = await db.select().from(accountingFirms).where(eq(accountingFirms.id, accountingFirmId));
  return row;
}

/**
 * Who holds a SIRET on the platform: the registry, else a client file written without it (the demo
 * seed inserts client files directly, and migration 0001 did not backfill the registry).
 */
export async function siretHolder(db: Db, siret: string): Promise<{ vendorId: number } | undefined> {
  const [row] = await db.select().from(siretRegistry).where(eq(siretRegistry.siret, siret)).limit(1);
  if (row) return row;
  const [vendor] = await db
    .select({ vendorId: vendors.id })
    .from(vendors)
    .where(eq(vendors.siret, siret))
    .limit(1);
  return vendor;
}

export async function registerSiret(db: Db, siret: string, accountingFirmId: number, vendorId: number) {
  await db.insert(siretRegistry).values({ siret, accountingFirmId, vendorId });
}

export async function releaseSiret(db: Db, vendorId: number) {
  await db.delete(siretRegistry).where(eq(siretRegistry.vendorId, vendorId));
}

export async function moveSiret(db: Db, vendorId: number, accountingFirmId: number) {
  await db.update(siretRegistry).set({ accountingFirmId }).where(eq(siretRegistry.vendorId, vendorId));
}

export async function deleteVendor(db: Db, accountingFirmId: number, id: number) {
  await db.delete(vendors).where(oneVendor(accountingFirmId, id));
}

function prepareVendorGrant(db: Db) {
  const userId = sql.placeholder('userId');
  return db
    .select({
      accountingFirmId: vendors.accountingFirmId,
      status: vendors.status,
      firmDeactivatedAt: accountingFirms.deactivatedAt,
      firmRole: accountingFirmMemberships.role,
      isGroupAdmin: accountingFirmMemberships.isGroupAdmin,
      allVendors: accountingFirmMemberships.allVendors,
      membershipReadOnly: accountingFirmMemberships.readOnly,
      assigned: vendorAssignments.userId,
      assignmentReadOnly: vendorAssignments.readOnly,
      clientRole: vendorMemberships.role,
      // The firm's themes as this person holds them (the documents' theme rule): id, read-write,
      // firm-private, held as a member (all or listed), held as a client user (all or listed).
      themes: sql<[number, boolean, boolean, boolean, boolean][]>`coalesce((
        SELECT json_agg(json_build_array(th.id, th.rights = 'read_write', th.sharing = 'private_firm',
          ${accountingFirmMemberships.allThemes} OR EXISTS (SELECT 1 FROM member_themes mt
            WHERE mt.accounting_firm_id = th.accounting_firm_id AND mt.user_id = ${userId} AND mt.theme_id = th.id),
          ${vendorMemberships.allThemes} OR EXISTS (SELECT 1 FROM vendor_user_themes vt
            WHERE vt.accounting_firm_id = th.accounting_firm_id AND vt.vendor_id = ${vendors.id}
              AND vt.user_id = ${userId} AND vt.theme_id = th.id)))
          FROM themes th WHERE th.accounting_firm_id = ${vendors.accountingFirmId}), '[]'::json)`,
    })
    .from(vendors)
    .innerJoin(accountingFirms, eq(accountingFirms.id, vendors.accountingFirmId))
    .leftJoin(
      accountingFirmMemberships,
      and(
        eq(accountingFirmMemberships.accountingFirmId, vendors.accountingFirmId),
        eq(accountingFirmMemberships.userId, userId),
        // A pending invitation grants nothing until the person accepts it.
        eq(accountingFirmMemberships.pending, false),
      ),
    )
    .leftJoin(
      vendorAssignments,
      and(
        eq(vendorAssignments.accountingFirmId, vendors.accountingFirmId),
        eq(vendorAssignments.vendorId, vendors.id),
        eq(vendorAssignments.userId, userId),
      ),
    )
    .leftJoin(
      vendorMemberships,
      and(
        eq(vendorMemberships.accountingFirmId, vendors.accountingFirmId),
        eq(vendorMemberships.vendorId, vendors.id),
        eq(vendorMemberships.userId, userId),
        eq(vendorMemberships.pending, false),
        or(isNull(vendorMemberships.revokedAt), gt(vendorMemberships.revokedAt, sql`CURRENT_DATE`)),
      ),
    )
    .where(eq(vendors.id, sql.placeholder('vendorId')))
    .limit(1)
    .prepare('grant_on_vendor');
}

const vendorGrantQueries = preparedPerDatabase(prepareVendorGrant);

/**
 * Runs on almost every request, so prepared once per database: the client file, the user's firm
 * membership, assignment and (unexpired) client membership there, in one round trip.
 */
export async function vendorGrantRow(db: Db, userId: number, vendorId: number) {
  const [row] = await vendorGrantQueries(db).execute({ userId, vendorId });
  return row;
}
