import {
  type LOGO_FORMATS,
  LOGO_MAX_BYTES,
  type ThemeMode,
  type UpdateWhiteLabelRequest,
  type WhiteLabel,
} from '@portal/contracts';
import type { AppContext } from '../../app-context';
import type { Actor } from '../../platform/auth/sessions';
import { AppError, fieldError } from '../../platform/errors/app-error';
import { imaging } from './icons';
import { SvgLogoError, svgLogoCleaner } from './svg-logo';
import * as repo from './white-label.repository';
import { whiteLabelsFor } from './white-label.service';

const MIME: Record<(typeof LOGO_FORMATS)[number], string> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

const invalidImage = () => fieldError('validation-failed', 'logo', 'invalid-image');

/** The image's format once sharp has decoded it whole (a corrupt file fails here, not at favicon time). */
async function decodedFormat(bytes: Buffer): Promise<keyof typeof MIME> {
  try {
    const sharp = await imaging();
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 });
    const { format } = await image.metadata();
    if (!format || !(format in MIME)) throw invalidImage();
    // Decoding a thumbnail reads the whole image.
    await image.resize(32, 32, { fit: 'inside' }).png().toBuffer();
    return format as keyof typeof MIME;
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidImage();
  }
}

/** An SVG logo cleaned of active content, or refused (`svg-logo.ts` says which is which). */
async function cleanedSvg(bytes: Buffer): Promise<Buffer> {
  const cleanSvgLogo = await svgLogoCleaner();
  try {
    return cleanSvgLogo(bytes);
  } catch (error) {
    if (error instanceof SvgLogoError) throw fieldError('validation-failed', 'logo', error.problem);
    throw error;
  }
}

/**
 * Reads an uploaded logo: one of LOGO_FORMATS that decodes completely (a truncated or disguised
 * file is refused), at most LOGO_MAX_BYTES. An SVG is stored cleaned (no script, handler or
 * external reference) and must still decode once cleaned.
 */
export async function checkedLogo(base64: string): Promise<{ bytes: Buffer; mime: string }> {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length === 0) throw invalidImage();
  if (bytes.length > LOGO_MAX_BYTES) throw fieldError('validation-failed', 'logo', 'image-too-large');
  const format = await decodedFormat(bytes);
  if (format !== 'svg') return { bytes, mime: MIME[format] };
  const cleaned = await cleanedSvg(bytes);
  if (cleaned.length > LOGO_MAX_BYTES) throw fieldError('validation-failed', 'logo', 'image-too-large');
  if ((await decodedFormat(cleaned)) !== 'svg') throw invalidImage();
  return { bytes: cleaned, mime: MIME.svg };
}

/** Firm administrators change one theme of their branding (name, colours, logo). */
export async function updateWhiteLabel(
  ctx: AppContext,
  actor: Actor,
  accountingFirmId: number,
  theme: ThemeMode,
  input: UpdateWhiteLabelRequest,
): Promise<WhiteLabel> {
  await ctx.access.authorize(actor, 'firm.update', { kind: 'firm', accountingFirmId });
  const firm = await repo.activeFirmById(ctx.db, accountingFirmId);
  if (!firm) throw new AppError('not-found');
  const logo = typeof input.logo === 'string' ? await checkedLogo(input.logo) : input.logo;
  const values = {
    name: input.name,
    primaryColor: input.primary_color,
    secondaryColor: input.secondary_color,
    updatedAt: new Date(),
    ...(logo === undefined ? {} : { logo: logo?.bytes ?? null, logoMime: logo?.mime ?? null }),
  };
  await repo.upsertWhiteLabel(ctx.db, accountingFirmId, theme, values);
  const entries = await whiteLabelsFor(ctx, firm);
  return entries.find((entry) => entry.theme === theme)!;
}
