// The relative imports between the TypeScript files of a folder, and the circles they form.
import fs from 'node:fs';
import path from 'node:path';

const SOURCE = /\.tsx?$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);
const WORD = /[\w$]+/y;
const RESOLVED_SUFFIXES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/**
 * @typedef {Map<string, string[]>} ImportGraph
 * Each .ts/.tsx file (path relative to the root, '/'-separated) -> the files of the same root it
 * imports.
 */

/**
 * Walks every .ts/.tsx file under `rootDir` (skipping node_modules and dist) and reads its relative
 * imports: `import ... from './x'`, `import './x'`, `export ... from './x'` (type-only ones too,
 * since they tie the files together just the same) and dynamic `import('./x')` (a lazily loaded
 * module that imports its loader back is still a circle). `./x` resolves to `x`, `x.ts`, `x.tsx`,
 * `x/index.ts` or `x/index.tsx`, and `./x.js` to `x.ts`/`x.tsx`. Package imports, `require()`,
 * template-literal specifiers and files outside the root are ignored.
 *
 * @param {string} rootDir
 * @returns {ImportGraph}
 */
export function readImportGraph(rootDir) {
  const root = path.resolve(rootDir);
  /** @type {ImportGraph} */
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const targets = relativeSpecifiers(fs.readFileSync(file, 'utf8')).flatMap((specifier) => {
      const target = resolveSpecifier(path.dirname(file), specifier);
      return target && isInside(root, target) ? [toKey(root, target)] : [];
    });
    graph.set(toKey(root, file), [...new Set(targets)].sort());
  }
  return graph;
}

/**
 * The import circles under `rootDir`: each one lists the files (relative to the root, sorted) that
 * all reach each other through their imports, i.e. one strongly connected component of the graph
 * of `readImportGraph` with more than one file, or a file importing itself. Empty when there is no
 * circle.
 *
 * @param {string} rootDir
 * @returns {string[][]}
 */
export function findImportCycles(rootDir) {
  return findCycles(readImportGraph(rootDir));
}

/**
 * The circles of an import graph (see `findImportCycles`), sorted by their first file.
 *
 * @param {ImportGraph} graph
 * @returns {string[][]}
 */
export function findCycles(graph) {
  const importsItself = (/** @type {string} */ file) => graph.get(file)?.includes(file) === true;
  return stronglyConnectedComponents(graph)
    .filter((files) => files.length > 1 || files.some(importsItself))
    .map((files) => [...files].sort())
    .sort((a, b) => (String(a[0]) < String(b[0]) ? -1 : 1));
}

/** @param {string} dir @returns {string[]} */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : sourceFiles(full);
    return entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** @param {string} fromDir @param {string} specifier @returns {string | null} */
function resolveSpecifier(fromDir, specifier) {
  const base = path.resolve(fromDir, specifier.replace(/\.js$/, ''));
  for (const suffix of RESOLVED_SUFFIXES) {
    const candidate = base + suffix;
    if (SOURCE.test(candidate) && fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
      return candidate;
    }
  }
  return null;
}

/** @param {string} root @param {string} file */
const isInside = (root, file) => !path.relative(root, file).startsWith('..');

/** @param {string} root @param {string} file */
const toKey = (root, file) => path.relative(root, file).split(path.sep).join('/');

/**
 * The module specifiers starting with '.' of one source file, read from its tokens so that
 * comments and ordinary strings never count.
 *
 * @param {string} source
 * @returns {string[]}
 */
export function relativeSpecifiers(source) {
  const tokens = tokenize(source);
  /** @type {string[]} */
  const specifiers = [];
  tokens.forEach((token, i) => {
    if (token.type !== 'string' || !token.value.startsWith('.')) return;
    const before = tokens[i - 1];
    const twoBefore = tokens[i - 2];
    const isStatic =
      before?.type === 'word' &&
      (before.value === 'from' || (before.value === 'import' && twoBefore?.value !== '.'));
    const isDynamic =
      before?.value === '(' &&
      twoBefore?.value === 'import' &&
      tokens[i - 3]?.value !== '.' &&
      (tokens[i + 1]?.value === ')' || tokens[i + 1]?.value === ',');
    if (isStatic || isDynamic) specifiers.push(token.value);
  });
  return specifiers;
}

/**
 * @typedef {{ type: 'word' | 'string' | 'punctuation', value: string }} Token
 */

/**
 * A lexer just good enough to find import specifiers (and, in the server's architecture test,
 * top-level declarations): words, quoted strings, punctuation.
 * Comments and template literals are skipped; a quote or a regular expression never spans a line
 * (JavaScript forbids it), so an apostrophe in JSX text only blinds the lexer until the line ends.
 *
 * @param {string} source
 * @returns {Token[]}
 */
export function tokenize(source) {
  /** @type {Token[]} */
  const tokens = [];
  /** @type {number[]} Open `${` of template literals: the brace depth at which each one closes. */
  const templateDepths = [];
  let braceDepth = 0;
  let i = 0;
  const lineEnd = (/** @type {number} */ from) => {
    const end = source.indexOf('\n', from);
    return end === -1 ? source.length : end;
  };
  /** Skips a template literal's text from `i` (after a backtick or `}`) to its end or next `${`. */
  const skipTemplateText = () => {
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') i += 2;
      else if (source[i] === '$' && source[i + 1] === '{') {
        templateDepths.push(braceDepth);
        braceDepth += 1;
        i += 2;
        return;
      } else i += 1;
    }
    i += 1;
  };
  while (i < source.length) {
    const char = source[i] ?? '';
    const next = source[i + 1];
    if (/\s/.test(char)) i += 1;
    else if (char === '/' && next === '/') i = lineEnd(i);
    else if (char === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? source.length : end + 2;
    } else if (char === "'" || char === '"') {
      let j = i + 1;
      let value = '';
      while (j < source.length && source[j] !== char && source[j] !== '\n') {
        if (source[j] === '\\') j += 1;
        value += source[j] ?? '';
        j += 1;
      }
      if (source[j] === char) tokens.push({ type: 'string', value });
      i = j + 1;
    } else if (char === '`') {
      i += 1;
      skipTemplateText();
    } else if (char === '}' && templateDepths.at(-1) === braceDepth - 1) {
      templateDepths.pop();
      braceDepth -= 1;
      i += 1;
      skipTemplateText();
    } else if (char === '/' && startsRegex(tokens.at(-1))) {
      i = skipRegex(source, i, lineEnd(i));
    } else if (/[\w$]/.test(char)) {
      // Words and numbers alike: what matters is that a `/` after either divides.
      WORD.lastIndex = i;
      const word = WORD.exec(source)?.[0] ?? char;
      tokens.push({ type: 'word', value: word });
      i += word.length;
    } else {
      if (char === '{') braceDepth += 1;
      if (char === '}') braceDepth -= 1;
      tokens.push({ type: 'punctuation', value: char });
      i += 1;
    }
  }
  return tokens;
}

const KEYWORDS_BEFORE_VALUE = new Set(['return', 'typeof', 'case', 'do', 'else', 'in', 'of', 'void']);

/** A `/` after a value divides; anywhere else it opens a regular expression. @param {Token | undefined} previous */
function startsRegex(previous) {
  if (!previous) return true;
  if (previous.type === 'string') return false;
  if (previous.type === 'word') return KEYWORDS_BEFORE_VALUE.has(previous.value);
  return !/[)\]}]/.test(previous.value);
}

/** @param {string} source @param {number} start @param {number} end */
function skipRegex(source, start, end) {
  let inClass = false;
  for (let j = start + 1; j < end; j += 1) {
    const char = source[j];
    if (char === '\\') j += 1;
    else if (char === '[') inClass = true;
    else if (char === ']') inClass = false;
    else if (char === '/' && !inClass) return j + 1;
  }
  // Not a regular expression after all (e.g. a division after a `}`): read on after the slash.
  return start + 1;
}

/**
 * Tarjan's algorithm, iterative so that long import chains cannot overflow the stack.
 *
 * @param {ImportGraph} graph
 * @returns {string[][]}
 */
function stronglyConnectedComponents(graph) {
  /** @type {Map<string, number>} */
  const index = new Map();
  /** @type {Map<string, number>} */
  const lowLink = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const components = [];
  let counter = 0;

  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    /** @type {{ node: string, next: number }[]} */
    const work = [{ node: start, next: 0 }];
    index.set(start, counter);
    lowLink.set(start, counter);
    counter += 1;
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = /** @type {{ node: string, next: number }} */ (work.at(-1));
      const targets = graph.get(frame.node) ?? [];
      const target = targets[frame.next];
      frame.next += 1;
      if (target !== undefined) {
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter);
          counter += 1;
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          lowLink.set(frame.node, Math.min(lowLink.get(frame.node) ?? 0, index.get(target) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work.at(-1);
      if (parent) {
        lowLink.set(parent.node, Math.min(lowLink.get(parent.node) ?? 0, lowLink.get(frame.node) ?? 0));
      }
      if (lowLink.get(frame.node) === index.get(frame.node)) {
        /** @type {string[]} */
        const component = [];
        let member;
        do {
          member = /** @type {string} */ (stack.pop());
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        components.push(component);
      }
    }
  }
  return components;
}
