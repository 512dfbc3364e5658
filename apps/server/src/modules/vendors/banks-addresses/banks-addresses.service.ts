import { type Address, type AddressInput, type Bank, type BankInput, ibanParts } from '@portal/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../../app-context';
import { vendorAddresses, vendorBanks } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors/app-error';

type BankRow = typeof vendorBanks.$inferSelect;
type AddressRow = typeof vendorAddresses.$inferSelect;

const toBank = (r: BankRow): Bank => ({
  id: r.id,
  vendor_id: r.vendorId,
  bank_name: r.bankName,
  bank_address: r.bankAddress,
  iban: r.iban,
  bic: r.bic,
  iban_parts: ibanParts(r.iban),
});

const toAddress = (r: AddressRow): Address => ({
  id: r.id,
  vendor_id: r.vendorId,
  type: r.type,
  street: r.street,
  city: r.city,
  country: r.country,
  post_code: r.postCode,
});

async function firmOf(ctx: AppContext, actor: Actor, vendorId: number, write: boolean): Promise<number> {
  const grant = await ctx.access.authorize(actor, write ? 'vendor.update' : 'vendor.read', {
    kind: 'vendor',
    vendorId,
  });
  return grant.accountingFirmId!;
}

const bankKey = (firmId: number, vendorId: number) =>
  and(eq(vendorBanks.accountingFirmId, firmId), eq(vendorBanks.vendorId, vendorId));
const addressKey = (firmId: number, vendorId: number) =>
  and(eq(vendorAddresses.accountingFirmId, firmId), eq(vendorAddresses.vendorId, vendorId));

export async function listBanks(ctx: AppContext, actor: Actor, vendorId: number): Promise<Bank[]> {
  const firmId = await firmOf(ctx, actor, vendorId, false);
  const rows = await ctx.db
    .select()
    .from(vendorBanks)
    .where(bankKey(firmId, vendorId))
    .orderBy(asc(vendorBanks.id));
  return rows.map(toBank);
}

export async function createBank(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: BankInput,
): Promise<Bank> {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const [row] = await ctx.db
    .insert(vendorBanks)
    .values({
      accountingFirmId: firmId,
      vendorId,
      bankName: input.bank_name,
      bankAddress: input.bank_address ?? null,
      iban: input.iban,
      bic: input.bic,
    })
    .returning();
  return toBank(row!);
}

export async function updateBank(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  bankId: number,
  input: BankInput,
) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const [row] = await ctx.db
    .update(vendorBanks)
    .set({
      bankName: input.bank_name,
      bankAddress: input.bank_address ?? null,
      iban: input.iban,
      bic: input.bic,
      updatedAt: new Date(),
    })
    .where(and(bankKey(firmId, vendorId), eq(vendorBanks.id, bankId)))
    .returning();
  if (!row) throw new AppError('not-found');
  return toBank(row);
}

export async function deleteBank(ctx: AppContext, actor: Actor, vendorId: number, bankId: number) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const rows = await ctx.db
    .delete(vendorBanks)
    .where(and(bankKey(firmId, vendorId), eq(vendorBanks.id, bankId)))
    .returning({ id: vendorBanks.id });
  if (rows.length === 0) throw new AppError('not-found');
}

export async function listAddresses(ctx: AppContext, actor: Actor, vendorId: number): Promise<Address[]> {
  const firmId = await firmOf(ctx, actor, vendorId, false);
  const rows = await ctx.db
    .select()
    .from(vendorAddresses)
    .where(addressKey(firmId, vendorId))
    .orderBy(asc(vendorAddresses.id));
  return rows.map(toAddress);
}

export async function createAddress(ctx: AppContext, actor: Actor, vendorId: number, input: AddressInput) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const [row] = await ctx.db
    .insert(vendorAddresses)
    .values({ accountingFirmId: firmId, vendorId, ...input, postCode: input.post_code })
    .returning();
  return toAddress(row!);
}

export async function updateAddress(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  addressId: number,
  input: AddressInput,
) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const [row] = await ctx.db
    .update(vendorAddresses)
    .set({
      type: input.type,
      street: input.street,
      city: input.city,
      country: input.country,
      postCode: input.post_code,
      updatedAt: new Date(),
    })
    .where(and(addressKey(firmId, vendorId), eq(vendorAddresses.id, addressId)))
    .returning();
  if (!row) throw new AppError('not-found');
  return toAddress(row);
}

export async function deleteAddress(ctx: AppContext, actor: Actor, vendorId: number, addressId: number) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const rows = await ctx.db
    .delete(vendorAddresses)
    .where(and(addressKey(firmId, vendorId), eq(vendorAddresses.id, addressId)))
    .returning({ id: vendorAddresses.id });
  if (rows.length === 0) throw new AppError('not-found');
}
