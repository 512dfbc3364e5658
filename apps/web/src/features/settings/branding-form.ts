import {
  LOGO_FORMATS,
  LOGO_MAX_BYTES,
  updateWhiteLabelRequestSchema,
  type WhiteLabel,
} from '@portal/contracts';
import type { z } from 'zod';

/** The fields of a theme's form; the logo is kept beside it (it is a file, not a text). */
export const brandingFormSchema = updateWhiteLabelRequestSchema.omit({ logo: true });
export type BrandingFormValues = z.input<typeof brandingFormSchema>;
export type BrandingFormOutput = z.output<typeof brandingFormSchema>;

export const brandingValuesOf = (label: WhiteLabel | undefined): BrandingFormValues => ({
  name: label?.name ?? '',
  primary_color: label?.primary_color ?? '',
  secondary_color: label?.secondary_color ?? '',
});

/**
 * What saving does to the logo: keep it (the body has no `logo`), set it (base64 of the bytes,
 * `preview` is its data URL) or remove it (`null`).
 */
export type LogoChange =
  | { kind: 'keep' }
  | { kind: 'set'; base64: string; preview: string }
  | { kind: 'remove' };

/** The `logo` of the request body for a change (absent to keep the current logo). */
export const logoPayload = (change: LogoChange): { logo?: string | null } =>
  change.kind === 'set' ? { logo: change.base64 } : change.kind === 'remove' ? { logo: null } : {};

/** The logo shown: the chosen file, none once removed, else the saved one. */
export const shownLogo = (change: LogoChange, saved: string | null): string | null =>
  change.kind === 'set' ? change.preview : change.kind === 'remove' ? null : saved;

const HEX = /^#?([0-9a-fA-F]{6})$/;

/** `1565C0` or `#1565c0` -> `#1565c0`; null when it is not six hexadecimal digits. */
export function hexColour(value: string | undefined | null): string | null {
  const match = HEX.exec((value ?? '').trim());
  return match ? `#${match[1]?.toLowerCase()}` : null;
}

const MIME_TYPES: Record<(typeof LOGO_FORMATS)[number], { mime: string; extensions: string[] }> = {
  gif: { mime: 'image/gif', extensions: ['.gif'] },
  jpeg: { mime: 'image/jpeg', extensions: ['.jpg', '.jpeg'] },
  png: { mime: 'image/png', extensions: ['.png'] },
  webp: { mime: 'image/webp', extensions: ['.webp'] },
  svg: { mime: 'image/svg+xml', extensions: ['.svg'] },
};
const FORMATS = LOGO_FORMATS.map((f) => MIME_TYPES[f]);

/** The `accept` of the logo's file input: the types and extensions of LOGO_FORMATS. */
export const LOGO_ACCEPT = FORMATS.flatMap((f) => [f.mime, ...f.extensions]).join(',');

/**
 * Why a chosen file cannot be a logo (a key of the errors catalogue), else null: one of
 * LOGO_FORMATS (by type, else by extension when the browser gives none), LOGO_MAX_BYTES at most.
 * The server checks the bytes themselves.
 */
export function logoProblem(file: {
  name: string;
  type: string;
  size: number;
}): 'invalid-image' | 'image-too-large' | null {
  const name = file.name.toLowerCase();
  const known = file.type
    ? FORMATS.some((f) => f.mime === file.type)
    : FORMATS.some((f) => f.extensions.some((ext) => name.endsWith(ext)));
  if (!known || file.size === 0) return 'invalid-image';
  if (file.size > LOGO_MAX_BYTES) return 'image-too-large';
  return null;
}

/** The base64 part of a `data:` URL. */
export const base64OfDataUrl = (url: string): string => url.slice(url.indexOf(',') + 1);

/** A file's `data:` URL (its preview; its base64 is what the API takes). */
export const readAsDataUrl = (file: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
