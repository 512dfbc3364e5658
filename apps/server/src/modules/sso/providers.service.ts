import type {
  CreateIdentityProviderRequest,
  IdentityProvider,
  UpdateIdentityProviderRequest,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Db } from '../../db/client';
import type { Actor } from '../../platform/auth/sessions';
import { uniqueViolation } from '../../platform/db-errors';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { issuerPolicy, issuerProblem } from './issuer-guard';
import { sealSecret } from './secret-box';
import * as repo from './sso.repository';

const toDto = (row: repo.ProviderRow): IdentityProvider => ({
  id: row.id,
  accounting_firm_id: row.accountingFirmId,
  name: row.name,
  issuer: row.issuer,
  client_id: row.clientId,
  button_label: row.buttonLabel,
  has_client_secret: row.clientSecretSealed.length > 0,
  carries_second_factor: row.carriesSecondFactor,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The key sealing secrets; without one (production without SSO_SECRET_KEY) SSO is off: 501. */
export function ssoKey(ctx: AppContext): Buffer {
  if (!ctx.config.ssoKey) throw new AppError('not-implemented');
  return ctx.config.ssoKey;
}

/**
 * http:// issuers only where the server allows insecure issuers (tests, development); no
 * credentials, no private or local address unless allowed (`issuer-guard.ts`).
 */
function assertIssuer(ctx: AppContext, issuer: string | undefined): void {
  if (!issuer) return;
  if (!issuer.toLowerCase().startsWith('https://') && !ctx.config.SSO_ALLOW_INSECURE_ISSUERS) {
    throw fieldError('validation-failed', 'issuer', 'invalid-issuer');
  }
  const problem = issuerProblem(issuer, issuerPolicy(ctx.config));
  if (problem) throw fieldError('validation-failed', 'issuer', problem);
}

async function nameChecked<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (uniqueViolation(error) === 'identity_providers_firm_name_key') {
      throw fieldError('validation-failed', 'name', 'provider-name-taken');
    }
    throw error;
  }
}

export async function listProviders(ctx: AppContext, actor: Actor, accountingFirmId: number) {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  return (await repo.listProviders(ctx.db, accountingFirmId)).map(toDto);
}

export async function createProvider(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  input: CreateIdentityProviderRequest,
): Promise<IdentityProvider> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  assertIssuer(ctx, input.issuer);
  const row = await nameChecked(
    repo.insertProvider(ctx.db, {
      accountingFirmId,
      name: input.name,
      issuer: input.issuer.replace(/\/$/, ''),
      clientId: input.client_id,
      clientSecretSealed: sealSecret(ssoKey(ctx), accountingFirmId, input.client_secret),
      buttonLabel: input.button_label,
      carriesSecondFactor: input.carries_second_factor ?? false,
    }),
  );
  return toDto(row);
}

export async function updateProvider(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  providerId: number,
  input: UpdateIdentityProviderRequest,
): Promise<IdentityProvider> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  assertIssuer(ctx, input.issuer);
  const row = await nameChecked(
    repo.updateProvider(ctx.db, accountingFirmId, providerId, {
      name: input.name,
      issuer: input.issuer?.replace(/\/$/, ''),
      clientId: input.client_id,
      clientSecretSealed:
        input.client_secret === undefined
          ? undefined
          : sealSecret(ssoKey(ctx), accountingFirmId, input.client_secret),
      buttonLabel: input.button_label,
      carriesSecondFactor: input.carries_second_factor,
    }),
  );
  if (!row) throw new AppError('not-found');
  return toDto(row);
}

export async function deleteProvider(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  providerId: number,
): Promise<void> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  if (!(await repo.deleteProvider(ctx.db, accountingFirmId, providerId))) throw new AppError('not-found');
}

/** The white label's sign-in buttons (`oauth_providers`): what the sign-in page needs, no secret. */
export async function signInButtons(db: Db, accountingFirmId: number) {
  const rows = await repo.providerButtons(db, accountingFirmId);
  return rows.map((p) => ({ ...p, url: `/api/oauth/get-sso-link?provider=${p.id}` }));
}
