import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config';

const readme = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md'),
  'utf8',
);

describe('README configuration table', () => {
  it('lists every environment variable the server reads', () => {
    const documented = new Set([...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]));
    const missing = Object.keys(configSchema.shape).filter((name) => !documented.has(name));
    expect(missing).toEqual([]);
  });
});
