import {
  DEFAULT_PRIMARY_COLOR,
  DEFAULT_SECONDARY_COLOR,
  type ThemeMode,
  type WhiteLabel,
  type WhiteLabelResponse,
} from '@portal/contracts';
import type { AppContext, Icon } from '../../app-context';
import { AppError } from '../../platform/errors/app-error';
import { publicFlags } from '../platform-admin/platform-flags.service';
import { signInButtons } from '../sso/providers.service';
import { firmModules } from '../tenancy/tenancy.service';
import { appleTouchIcon, faviconIco, placeholderLogoSvg } from './icons';
import * as repo from './white-label.repository';

type Firm = NonNullable<Awaited<ReturnType<typeof repo.activeFirmById>>>;

const THEMES: ThemeMode[] = ['light', 'dark'];

/** The light and dark entries of a firm; a missing one falls back to the defaults. */
export async function whiteLabelsFor(ctx: AppContext, firm: Firm): Promise<WhiteLabel[]> {
  const rows = await repo.whiteLabelsOf(ctx.db, firm.id);
  return THEMES.map((theme) => {
    const row = rows.find((r) => r.theme === theme);
    const updatedAt = (row?.updatedAt ?? firm.updatedAt).toISOString();
    return {
      accounting_firm_id: firm.id,
      theme,
      name: row?.name ?? firm.name,
      logo: row?.hasLogo
        ? `/api/accounting-firms/${firm.id}/white-labels/${theme}/logo?last_modified=${encodeURIComponent(updatedAt)}`
        : null,
      primary_color: row?.primaryColor ?? DEFAULT_PRIMARY_COLOR,
      secondary_color: row?.secondaryColor ?? DEFAULT_SECONDARY_COLOR,
      updated_at: updatedAt,
    };
  });
}

/** The active firm whose domain is this host name, else the first firm (the demo answers on any host). */
export async function firmForHost(ctx: AppContext, hostname: string): Promise<Firm | undefined> {
  const host = hostname.replace(/:\d+$/, '').toLowerCase();
  return repo.activeFirmForHost(ctx.db, host);
}

type Resolve = { accountingFirmId?: number; host: string; protocol: string; multiDomain: boolean };

/**
 * Start-up data of the web app: the firm named by id, else the one whose domain is the request
 * host, else the first firm. With MULTI_DOMAIN, a firm on another domain answers a redirect.
 */
export async function startupWhiteLabel(ctx: AppContext, input: Resolve): Promise<WhiteLabelResponse> {
  const hostname = input.host.replace(/:\d+$/, '').toLowerCase();
  let firm: Firm | undefined;
  if (input.accountingFirmId !== undefined) {
    firm = await repo.activeFirmById(ctx.db, input.accountingFirmId);
    if (!firm) throw new AppError('not-found');
  } else {
    firm = await firmForHost(ctx, hostname);
  }
  if (!firm) throw new AppError('not-found');
  const [{ whiteLabels, modules, oauthProviders }, flags] = await Promise.all([
    startupOf(ctx, firm),
    publicFlags(ctx, firm.id),
  ]);
  const response: WhiteLabelResponse = {
    accounting_firm: {
      id: firm.id,
      name: firm.name,
      domain: firm.domain,
      welcome_message: firm.welcomeMessage,
    },
    white_labels: whiteLabels,
    modules,
    oauth_providers: oauthProviders,
    flags,
  };
  if (input.multiDomain && firm.domain && firm.domain !== hostname) {
    const port = /:(\d+)$/.exec(input.host)?.[1];
    response.redirect = true;
    response.location = `${input.protocol}://${firm.domain}${port ? `:${port}` : ''}`;
  }
  return response;
}

/**
 * What every page's first call shows of a firm besides its row, kept with the firm's cached reads:
 * its white labels, identity providers and own row notify at commit (migration 0019), its modules
 * too (0015).
 */
function startupOf(ctx: AppContext, firm: Firm) {
  return ctx.reads.get(firm.id, { key: 'startup', shows: ['firm', 'modules'] }, async () => {
    const [whiteLabels, modules, oauthProviders] = await Promise.all([
      whiteLabelsFor(ctx, firm),
      firmModules(ctx.db, firm.id),
      signInButtons(ctx.db, firm.id),
    ]);
    return { whiteLabels, modules, oauthProviders };
  });
}

export async function firmWhiteLabels(ctx: AppContext, accountingFirmId: number): Promise<WhiteLabel[]> {
  const firm = await repo.activeFirmById(ctx.db, accountingFirmId);
  if (!firm) throw new AppError('not-found');
  return whiteLabelsFor(ctx, firm);
}

/**
 * The logo, favicon.ico or apple-touch-icon of a firm, generated once per logo version (kept in
 * the app's `ctx.icons`).
 */
export async function whiteLabelIcon(
  ctx: AppContext,
  accountingFirmId: number,
  theme: ThemeMode,
  kind: 'logo' | 'favicon' | 'apple-touch-icon',
): Promise<Icon> {
  const firm = await repo.activeFirmById(ctx.db, accountingFirmId);
  if (!firm) throw new AppError('not-found');
  const row = await repo.logoOf(ctx.db, accountingFirmId, theme);
  const lastModified = row?.updatedAt ?? firm.updatedAt;
  const key = `${accountingFirmId}:${theme}:${kind}:${lastModified.getTime()}`;
  const cached = ctx.icons.get(key);
  if (cached) return cached;
  const source =
    row?.logo && row.logoMime
      ? row.logo
      : placeholderLogoSvg(row?.name ?? firm.name, row?.primaryColor ?? DEFAULT_PRIMARY_COLOR);
  let icon: Icon;
  if (kind === 'logo') {
    if (!row?.logo || !row.logoMime) throw new AppError('not-found');
    icon = { body: row.logo, type: row.logoMime, lastModified };
  } else if (kind === 'favicon') {
    icon = { body: await faviconIco(source), type: 'image/x-icon', lastModified };
  } else {
    icon = { body: await appleTouchIcon(source), type: 'image/png', lastModified };
  }
  ctx.icons.set(key, icon);
  return icon;
}

/**
 * The portal's own address: PUBLIC_URL with the firm's domain as host when it has one (same
 * scheme and port), for links made for people outside the portal (share links).
 */
export async function portalOrigin(ctx: AppContext, accountingFirmId: number): Promise<string> {
  const firm = await repo.activeFirmById(ctx.db, accountingFirmId);
  if (!firm?.domain) return ctx.config.publicUrl;
  const url = new URL(ctx.config.publicUrl);
  url.hostname = firm.domain;
  return url.toString().replace(/\/$/, '');
}
