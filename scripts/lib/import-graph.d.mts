// Types of import-graph.mjs for the TypeScript projects that use it (server, web and contracts tests).
export type ImportGraph = Map<string, string[]>;
export function readImportGraph(rootDir: string): ImportGraph;
export function findImportCycles(rootDir: string): string[][];
export function findCycles(graph: ImportGraph): string[][];
export function relativeSpecifiers(source: string): string[];
export type Token = { type: 'word' | 'string' | 'punctuation'; value: string };
export function tokenize(source: string): Token[];
