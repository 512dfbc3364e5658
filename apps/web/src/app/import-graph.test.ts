import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportCycles, relativeSpecifiers } from '../../../../scripts/lib/import-graph.mjs';

// apps/web/src itself is checked by src/architecture.test.ts.
describe('findImportCycles', () => {
  const folders: string[] = [];
  afterAll(() => {
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });
  const folderWith = (files: Record<string, string>) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
    folders.push(root);
    for (const [name, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
      fs.writeFileSync(path.join(root, name), text);
    }
    return root;
  };

  it('finds a circle through index files, .tsx files and re-exports', () => {
    const root = folderWith({
      'a.ts': "import { b } from './lib';\nexport const a = b;",
      'lib/index.ts': "export * from './b';",
      'lib/b.tsx': "import type { A } from '../a';\nexport const b = 1;",
      'c.ts': "import { a } from './a';",
    });
    expect(findImportCycles(root)).toEqual([['a.ts', 'lib/b.tsx', 'lib/index.ts']]);
  });

  it('counts dynamic imports and a file importing itself', () => {
    const root = folderWith({
      'a.ts': "export const load = () => import('./b');",
      'b.ts': "import { load } from './a';",
      'self.ts': "import './self';",
    });
    expect(findImportCycles(root)).toEqual([['a.ts', 'b.ts'], ['self.ts']]);
  });

  it('answers no circle for a chain', () => {
    const root = folderWith({
      'a.ts': "import './b';",
      'b.ts': "import 'react';\nimport './c.js';",
      'c.ts': '',
    });
    expect(findImportCycles(root)).toEqual([]);
  });
});

describe('relativeSpecifiers', () => {
  it('reads import, export and dynamic import specifiers only', () => {
    const source = [
      "import x, {\n  type Y,\n} from './x';",
      "export { z } from '../z';",
      "const page = () => import('./page');",
      "// import { no } from './commented';",
      "/* import './block-comment'; */",
      'const text = \'import("./in-a-string")\';',
      "const template = `import('./in-a-template')`;",
      `const nested = \`a\${f({ b: '}' })}c\`; import './after-template';`,
      "const ratio = 1 / 2; const re = /'/g; import { w } from './w';",
      "const label = <p>Don't</p>;\nimport './after-jsx';",
      "import react from 'react';",
    ].join('\n');
    expect(relativeSpecifiers(source)).toEqual([
      './x',
      '../z',
      './page',
      './after-template',
      './w',
      './after-jsx',
    ]);
  });
});
