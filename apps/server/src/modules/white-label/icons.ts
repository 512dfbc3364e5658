import pngToIco from 'png-to-ico';

/** A square placeholder logo: the firm's initial on its primary colour. */
export function placeholderLogoSvg(name: string, colour: string): Buffer {
  const initial = (name.trim()[0] ?? 'P').toUpperCase().replace(/[<>&"']/g, '');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" rx="48" fill="${colour}"/><text x="128" y="172" font-size="140" font-family="sans-serif" font-weight="bold" fill="#ffffff" text-anchor="middle">${initial}</text></svg>`,
  );
}

/** sharp (libvips, ~30 MB of memory once loaded, measured) is loaded on the first picture, not at start. */
export const imaging = async () => (await import('sharp')).default;

const square = async (source: Buffer, size: number, background?: string) =>
  (await imaging())(source)
    .autoOrient()
    .resize(size, size, { fit: 'contain', background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } })
    .png();

/** favicon.ico with 16, 32 and 48 px images (sharp cannot write ICO itself). */
export async function faviconIco(source: Buffer): Promise<Buffer> {
  const pngs = await Promise.all([16, 32, 48].map(async (s) => (await square(source, s)).toBuffer()));
  return pngToIco(pngs);
}

/** 180x180 PNG on an opaque background, as iOS expects. */
export async function appleTouchIcon(source: Buffer): Promise<Buffer> {
  return (await square(source, 180, '#ffffff')).flatten({ background: '#ffffff' }).toBuffer();
}
