// Applies a JSON Patch (RFC 6902) to a JSON document, as the server sends
// views after the first one (docs/protocol.md, `view_patch`). Returns a new
// document; parts the patch does not touch are shared with the old one, so
// components that compare by identity redraw only what changed.
import type { Json, PatchOp } from "./protocol";

function unescape(token: string): string {
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

function parsePointer(path: string): string[] {
  if (path === "") return [];
  if (!path.startsWith("/")) throw new Error(`bad JSON pointer ${path}`);
  return path.slice(1).split("/").map(unescape);
}

function cloneShallow(v: Json): Json {
  if (Array.isArray(v)) return v.slice();
  if (v !== null && typeof v === "object") return { ...v };
  return v;
}

function getAt(doc: Json, tokens: string[]): Json {
  let cur: Json = doc;
  for (const t of tokens) {
    if (Array.isArray(cur)) cur = cur[Number(t)];
    else if (cur !== null && typeof cur === "object" && t in cur) cur = cur[t];
    else throw new Error(`no value at /${tokens.join("/")}`);
    if (cur === undefined) throw new Error(`no value at /${tokens.join("/")}`);
  }
  return cur;
}

// Copies the path from the root to the parent of the last token and applies
// `edit` to that (copied) parent.
function editParent(doc: Json, tokens: string[], edit: (parent: Json, key: string) => void): Json {
  if (tokens.length === 0) throw new Error("cannot edit the root here");
  const root = cloneShallow(doc);
  let cur: Json = root;
  for (let i = 0; i < tokens.length - 1; i++) {
    const t = tokens[i];
    if (Array.isArray(cur)) {
      const idx = Number(t);
      cur[idx] = cloneShallow(cur[idx]);
      cur = cur[idx];
    } else if (cur !== null && typeof cur === "object") {
      if (!(t in cur)) throw new Error(`no value at /${tokens.slice(0, i + 1).join("/")}`);
      cur[t] = cloneShallow(cur[t]);
      cur = cur[t];
    } else {
      throw new Error(`not a container at /${tokens.slice(0, i + 1).join("/")}`);
    }
  }
  edit(cur, tokens[tokens.length - 1]);
  return root;
}

function add(doc: Json, tokens: string[], value: Json): Json {
  if (tokens.length === 0) return value;
  return editParent(doc, tokens, (parent, key) => {
    if (Array.isArray(parent)) {
      const idx = key === "-" ? parent.length : Number(key);
      if (!(idx >= 0 && idx <= parent.length)) throw new Error(`index ${key} out of range`);
      parent.splice(idx, 0, value);
    } else if (parent !== null && typeof parent === "object") {
      parent[key] = value;
    } else {
      throw new Error("add into a scalar");
    }
  });
}

function remove(doc: Json, tokens: string[]): Json {
  return editParent(doc, tokens, (parent, key) => {
    if (Array.isArray(parent)) {
      const idx = Number(key);
      if (!(idx >= 0 && idx < parent.length)) throw new Error(`index ${key} out of range`);
      parent.splice(idx, 1);
    } else if (parent !== null && typeof parent === "object" && key in parent) {
      delete parent[key];
    } else {
      throw new Error(`no value to remove at ${key}`);
    }
  });
}

function replace(doc: Json, tokens: string[], value: Json): Json {
  if (tokens.length === 0) return value;
  getAt(doc, tokens);
  return editParent(doc, tokens, (parent, key) => {
    if (Array.isArray(parent)) parent[Number(key)] = value;
    else if (parent !== null && typeof parent === "object") parent[key] = value;
  });
}

function equal(a: Json, b: Json): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Applies every operation in order; throws (leaving `doc` untouched) on a bad one. */
export function applyPatch(doc: Json, patch: PatchOp[]): Json {
  let out = doc;
  for (const op of patch) {
    const path = parsePointer(op.path);
    switch (op.op) {
      case "add":
        out = add(out, path, op.value as Json);
        break;
      case "remove":
        out = remove(out, path);
        break;
      case "replace":
        out = replace(out, path, op.value as Json);
        break;
      case "move": {
        const from = parsePointer(op.from ?? "");
        const v = getAt(out, from);
        out = add(remove(out, from), path, v);
        break;
      }
      case "copy":
        out = add(out, path, getAt(out, parsePointer(op.from ?? "")));
        break;
      case "test":
        if (!equal(getAt(out, path), op.value as Json)) throw new Error(`test failed at ${op.path}`);
        break;
    }
  }
  return out;
}
