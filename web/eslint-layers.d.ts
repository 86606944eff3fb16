// Types of eslint-layers.js, for src/layers.test.ts.
export const LAYERS: { name: string; files: string[] }[];
export const TEST_FILES: string[];
export function layerOf(path: string): number | null;
export const layers: { rules: Record<string, unknown> };
