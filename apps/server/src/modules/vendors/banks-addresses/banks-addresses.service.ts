import { type Address, type AddressInput, type Bank, type BankInput, ibanParts } from '@portal/contracts';
import type { AppContext } from '../../../app-context';
import type { Actor } from '../../../platform/auth/sessions';
import { AppError } from '../../../platform/errors/app-error';
import * as repo from './banks-addresses.repository';

const toBank = (r: repo.BankRow): Bank => ({
  id: r.id,
  vendor_id: r.vendorId,
  bank_name: r.bankName,
  bank_address: r.bankAddress,
  iban: r.iban,
  bic: r.bic,
  iban_parts: ibanParts(r.iban),
});

const toAddress = (r: repo.AddressRow): Address => ({
  id: r.id,
  vendor_id: r.vendorId,
  type: r.type,
  street: r.street,
  city: r.city,
  country: r.country,
  post_code: r.postCode,
});

const bankValues = (input: BankInput): repo.BankValues => ({
  bankName: input.bank_name,
  bankAddress: input.bank_address ?? null,
  iban: input.iban,
  bic: input.bic,
});

const addressValues = (input: AddressInput): repo.AddressValues => ({
  type: input.type,
  street: input.street,
  city: input.city,
  country: input.country,
  postCode: input.post_code,
});

async function firmOf(ctx: AppContext, actor: Actor, vendorId: number, write: boolean): Promise<number> {
  const grant = await ctx.access.authorize(actor, write ? 'vendor.update' : 'vendor.read', {
    kind: 'vendor',
    vendorId,
  });
  return grant.accountingFirmId!;
}

export async function listBanks(ctx: AppContext, actor: Actor, vendorId: number): Promise<Bank[]> {
  const firmId = await firmOf(ctx, actor, vendorId, false);
  return (await repo.listBanks(ctx.db, firmId, vendorId)).map(toBank);
}

export async function createBank(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  input: BankInput,
): Promise<Bank> {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  return toBank(await repo.insertBank(ctx.db, firmId, vendorId, bankValues(input)));
}

export async function updateBank(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  bankId: number,
  input: BankInput,
) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const row = await repo.updateBank(ctx.db, firmId, vendorId, bankId, bankValues(input));
  if (!row) throw new AppError('not-found');
  return toBank(row);
}

export async function deleteBank(ctx: AppContext, actor: Actor, vendorId: number, bankId: number) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  if (!(await repo.deleteBank(ctx.db, firmId, vendorId, bankId))) throw new AppError('not-found');
}

export async function listAddresses(ctx: AppContext, actor: Actor, vendorId: number): Promise<Address[]> {
  const firmId = await firmOf(ctx, actor, vendorId, false);
  return (await repo.listAddresses(ctx.db, firmId, vendorId)).map(toAddress);
}

export async function createAddress(ctx: AppContext, actor: Actor, vendorId: number, input: AddressInput) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  return toAddress(await repo.insertAddress(ctx.db, firmId, vendorId, addressValues(input)));
}

export async function updateAddress(
  ctx: AppContext,
  actor: Actor,
  vendorId: number,
  addressId: number,
  input: AddressInput,
) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  const row = await repo.updateAddress(ctx.db, firmId, vendorId, addressId, addressValues(input));
  if (!row) throw new AppError('not-found');
  return toAddress(row);
}

export async function deleteAddress(ctx: AppContext, actor: Actor, vendorId: number, addressId: number) {
  const firmId = await firmOf(ctx, actor, vendorId, true);
  if (!(await repo.deleteAddress(ctx.db, firmId, vendorId, addressId))) throw new AppError('not-found');
}
