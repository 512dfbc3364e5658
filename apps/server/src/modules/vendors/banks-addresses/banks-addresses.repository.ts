import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { vendorAddresses, vendorBanks } from '../../../db/schema';
import { preparedPerDatabase } from '../../../platform/db-prepared';

export type BankRow = typeof vendorBanks.$inferSelect;
export type AddressRow = typeof vendorAddresses.$inferSelect;
export type BankValues = Pick<BankRow, 'bankName' | 'bankAddress' | 'iban' | 'bic'>;
export type AddressValues = Pick<AddressRow, 'type' | 'street' | 'city' | 'country' | 'postCode'>;

const bankKey = (firmId: number, vendorId: number) =>
  and(eq(vendorBanks.accountingFirmId, firmId), eq(vendorBanks.vendorId, vendorId));
const addressKey = (firmId: number, vendorId: number) =>
  and(eq(vendorAddresses.accountingFirmId, firmId), eq(vendorAddresses.vendorId, vendorId));

const banksOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(vendorBanks)
    .where(
      and(
        eq(vendorBanks.accountingFirmId, sql.placeholder('firmId')),
        eq(vendorBanks.vendorId, sql.placeholder('vendorId')),
      ),
    )
    .orderBy(asc(vendorBanks.id))
    .prepare('vendor_banks'),
);

export async function listBanks(db: Db, accountingFirmId: number, vendorId: number): Promise<BankRow[]> {
  return banksOf(db).execute({ firmId: accountingFirmId, vendorId });
}

export async function insertBank(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
  values: BankValues,
): Promise<BankRow> {
  const [row] = await db
    .insert(vendorBanks)
    .values({ accountingFirmId, vendorId, ...values })
    .returning();
  return row!;
}

/** The updated bank, or undefined when the client file has no such bank. */
export async function updateBank(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
  bankId: number,
  values: BankValues,
): Promise<BankRow | undefined> {
  const [row] = await db
    .update(vendorBanks)
    .set({ ...values, updatedAt: new Date() })
    .where(and(bankKey(accountingFirmId, vendorId), eq(vendorBanks.id, bankId)))
    .returning();
  return row;
}

/** Whether a bank was deleted. */
export async function deleteBank(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
  bankId: number,
): Promise<boolean> {
  const rows = await db
    .delete(vendorBanks)
    .where(and(bankKey(accountingFirmId, vendorId), eq(vendorBanks.id, bankId)))
    .returning({ id: vendorBanks.id });
  return rows.length > 0;
}

const addressesOf = preparedPerDatabase((db) =>
  db
    .select()
    .from(vendorAddresses)
    .where(
      and(
        eq(vendorAddresses.accountingFirmId, sql.placeholder('firmId')),
        eq(vendorAddresses.vendorId, sql.placeholder('vendorId')),
      ),
    )
    .orderBy(asc(vendorAddresses.id))
    .prepare('vendor_addresses'),
);

export async function listAddresses(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
): Promise<AddressRow[]> {
  return addressesOf(db).execute({ firmId: accountingFirmId, vendorId });
}

export async function insertAddress(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
  values: AddressValues,
): Promise<AddressRow> {
  const [row] = await db
    .insert(vendorAddresses)
    .values({ accountingFirmId, vendorId, ...values })
    .returning();
  return row!;
}

/** The updated address, or undefined when the client file has no such address. */
export async function updateAddress(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
  addressId: number,
  values: AddressValues,
): Promise<AddressRow | undefined> {
  const [row] = await db
    .update(vendorAddresses)
    .set({ ...values, updatedAt: new Date() })
    .where(and(addressKey(accountingFirmId, vendorId), eq(vendorAddresses.id, addressId)))
    .returning();
  return row;
}

/** Whether an address was deleted. */
export async function deleteAddress(
  db: Db,
  accountingFirmId: number,
  vendorId: number,
  addressId: number,
): Promise<boolean> {
  const rows = await db
    .delete(vendorAddresses)
    .where(and(addressKey(accountingFirmId, vendorId), eq(vendorAddresses.id, addressId)))
    .returning({ id: vendorAddresses.id });
  return rows.length > 0;
}
