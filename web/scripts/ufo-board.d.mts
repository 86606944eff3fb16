// Types of ufo-board.mjs, for board.test.ts.
export const REAL: Record<string, [number, number]>;
export function generate(): Promise<{ boardJson: string; landSvg: string }>;
