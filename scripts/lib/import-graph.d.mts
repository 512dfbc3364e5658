// Types of import-graph.mjs for the TypeScript projects that use it (server and web tests).
export type ImportGraph = Map<string, string[]>;
export function readImportGraph(rootDir: string): ImportGraph;
export function findImportCycles(rootDir: string): string[][];
export function findCycles(graph: ImportGraph): string[][];
export function relativeSpecifiers(source: string): string[];
