import { beforeAll, describe, expect, it } from 'vitest';
import { cssLoadsExternal, SvgLogoError, svgLogoCleaner } from './svg-logo';

describe('cssLoadsExternal', () => {
  it('accepts fragments and embedded raster images', () => {
    for (const css of [
      '.a{fill:url(#g)}',
      'fill: url( "#g" ); stroke: url(\'#h\')',
      'background: url(data:image/png;base64,iVBORw0KGgo=)',
      'font-family: "Open Sans", sans-serif; fill: #fff',
    ]) {
      expect(cssLoadsExternal(css), css).toBe(false);
    }
  });

  it('refuses imports, other urls, escaped or commented spellings, and url-taking functions', () => {
    for (const css of [
      '@import "x.css";',
      '@IMPORT url(x.css);',
      '\\40 import "x.css";',
      'fill: url(http://evil.test/p.svg#p)',
      'fill: URL(//evil.test/p)',
      'fill: url(p.svg#p)',
      'fill: \\75 rl(http://evil.test/)',
      'fill: u\\rl(http://evil.test/)',
      'fill: url(/**/http://evil.test/)',
      'fill: url(data:image/svg+xml;base64,PHN2Zy8+)',
      'background: image-set("https://evil.test/a.png" 1x)',
      '@font-face { src: local(x), url(https://evil.test/f.woff) }',
    ]) {
      expect(cssLoadsExternal(css), css).toBe(true);
    }
  });
});

describe('cleanSvgLogo', () => {
  let cleanSvgLogo: (bytes: Buffer) => Buffer;
  beforeAll(async () => {
    cleanSvgLogo = await svgLogoCleaner();
  });
  const clean = (text: string) => cleanSvgLogo(Buffer.from(text)).toString('utf8');
  const problem = (text: string) => {
    try {
      cleanSvgLogo(Buffer.from(text));
      return null;
    } catch (error) {
      return error instanceof SvgLogoError ? error.problem : error;
    }
  };

  it('keeps an SVG without active content as it is, minus its prolog', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#123456"/></svg>';
    expect(clean(`\ufeff<?xml version="1.0"?>\n<!-- c -->\n${svg}`)).toBe(svg);
  });

  it('refuses what is not an SVG document', () => {
    expect(problem('<html xmlns="http://www.w3.org/1999/xhtml"/>')).toBe('invalid-image');
    expect(problem('<svg><rect/></svg>')).toBe('invalid-image');
    expect(problem('not xml')).toBe('invalid-image');
    expect(
      problem(
        '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      ),
    ).toBe('invalid-image');
  });

  it('expands the few internal entities of old Illustrator files', () => {
    const text =
      '<!DOCTYPE svg [<!ENTITY ns_svg "http://www.w3.org/2000/svg">]><svg xmlns="&ns_svg;"><rect width="1" height="1"/></svg>';
    expect(clean(text)).toBe('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
  });
});
