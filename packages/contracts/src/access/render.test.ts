import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { renderPermissionsMarkdown } from './render';

describe('docs/permissions.md', () => {
  it('is the current rendering of the permission matrix', () => {
    const file = path.resolve(
      path.dirname(fileURLToPath(import.meta.url)),
      '../../../../docs/permissions.md',
    );
    expect(fs.readFileSync(file, 'utf8')).toBe(renderPermissionsMarkdown());
  });
});
