// Types of import-circles.mjs, for src/layers.test.ts.
export function importGraph(dir: string): Map<string, Set<string>>;
export function circles(graph: Map<string, Set<string>>): string[][];
