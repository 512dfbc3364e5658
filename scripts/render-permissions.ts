// Renders the permission matrix of packages/contracts into docs/permissions.md
// (`npx tsx scripts/render-permissions.ts`; a unit test checks the file is current).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderPermissionsMarkdown } from '../packages/contracts/src/access/render';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
fs.writeFileSync(path.join(root, 'docs/permissions.md'), renderPermissionsMarkdown());
console.log('docs/permissions.md written');
