import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConversionError, findSoffice, officeConverter } from './office-converter';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-soffice-find-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const file = (rel: string, mode: number) => {
  const p = path.join(dir, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, '#!/bin/sh\n', { mode });
  return p;
};

describe('findSoffice', () => {
  it('takes SOFFICE_PATH when it is an executable file, else none', async () => {
    const exe = file('custom/soffice', 0o755);
    expect(await findSoffice(exe, '')).toBe(exe);
    expect(await findSoffice(path.join(dir, 'missing'), '')).toBeNull();
    expect(await findSoffice(file('custom/plain', 0o644), '')).toBeNull();
    expect(await findSoffice(path.join(dir, 'custom'), '')).toBeNull();
  });

  it('looks up soffice, then libreoffice, on PATH, skipping what is not executable', async () => {
    file('a/soffice', 0o644);
    const lo = file('b/libreoffice', 0o755);
    const so = file('c/soffice', 0o755);
    const PATH = ['a', 'b', 'c'].map((d) => path.join(dir, d)).join(path.delimiter);
    expect(await findSoffice(undefined, PATH)).toBe(so);
    expect(await findSoffice(undefined, path.join(dir, 'b'))).toBe(lo);
    expect(await findSoffice(undefined, path.join(dir, 'a'))).toBeNull();
  });

  it('a converter without binary refuses to convert', async () => {
    const converter = officeConverter(null, 1000);
    expect(converter.binary).toBeNull();
    await expect(converter.toPdf(path.join(dir, 'x.docx'), dir)).rejects.toBeInstanceOf(ConversionError);
  });

  it('runs the binary with the timeout, and close() kills a conversion under way', async () => {
    const hang = path.join(dir, 'hang');
    fs.writeFileSync(hang, `#!${process.execPath}\nsetTimeout(() => {}, 60000);\n`, { mode: 0o755 });
    const timed = officeConverter(hang, 300);
    const started = Date.now();
    await expect(timed.toPdf(path.join(dir, 'a.docx'), path.join(dir, 'out'))).rejects.toThrow(/timed out/);
    expect(Date.now() - started).toBeLessThan(5000);

    const closing = officeConverter(hang, 60_000);
    const running = closing.toPdf(path.join(dir, 'b.docx'), path.join(dir, 'out'));
    await new Promise((r) => setTimeout(r, 300));
    closing.close(); // kills it, or stops it from starting on a slow machine
    await expect(running).rejects.toBeInstanceOf(ConversionError);
    await expect(closing.toPdf(path.join(dir, 'c.docx'), dir)).rejects.toThrow('converter closed');
  }, 20_000);
});
