// Lists the import circles among the web client's own files (src/): every
// strongly connected set of files that import one another, type-only imports
// included (they tie the files' meaning together as much as a value import).
// Exits 1 when there is one. Usage: node scripts/import-circles.mjs [src]
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "src"));

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return /\.(ts|tsx|mts)$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}

// Imports, re-exports and dynamic import("...") as TypeScript's own
// preprocessor finds them (comments and strings understood); import.meta.glob
// patterns are expanded to the files they match.
const globRe = /import\.meta\.glob(?:<[^>]*>)?\(\s*["']([^"']+)["']/g;

function resolveImport(from, spec, files) {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, base + ".ts", base + ".tsx", join(base, "index.ts"), join(base, "index.tsx")])
    if (files.has(candidate)) return candidate;
  return null;
}

function globFiles(from, pattern, files) {
  const base = resolve(dirname(from));
  const re = new RegExp(
    "^" +
      join(base, pattern)
        .replace(/[.+^${}()|[\]\\]/g, "\\$&")
        .replace(/\*\*/g, "\0")
        .replace(/\*/g, "[^/]*")
        .replace(/\0/g, ".*") +
      "$",
  );
  return [...files].filter((f) => re.test(f));
}

export function importGraph(dir) {
  const files = new Set(walk(dir));
  const graph = new Map();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = new Set();
    for (const { fileName } of ts.preProcessFile(text, true, true).importedFiles) {
      const target = resolveImport(file, fileName, files);
      if (target) targets.add(target);
    }
    for (const m of text.matchAll(globRe)) for (const target of globFiles(file, m[1], files)) targets.add(target);
    graph.set(file, targets);
  }
  return graph;
}

// Tarjan's strongly connected components; the ones of more than one file
// (or a file importing itself) are circles.
export function circles(graph) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const found = [];
  function visit(v) {
    info.set(v, { index, low: index, onStack: true });
    index++;
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).onStack) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).onStack = false;
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v).has(v)) found.push(component.sort());
    }
  }
  for (const v of graph.keys()) if (!info.has(v)) visit(v);
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const found = circles(importGraph(root));
  for (const component of found) console.log("circle: " + component.map((f) => relative(root, f)).join(", "));
  if (found.length === 0) console.log("no import circles in " + relative(process.cwd(), root || "."));
  process.exit(found.length === 0 ? 0 : 1);
}
