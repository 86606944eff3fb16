// The client's protocol types against the golden messages that the server's
// own tests check it sends and accepts (tests/protocol/).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHAT_LINE_KEYS,
  CHAT_PAGE_KEYS,
  CHOICE_KEYS,
  CLIENT_MESSAGE_KEYS,
  ERROR_KEYS,
  GUIDE_KEYS,
  HINT_CHOICE_KEYS,
  HINT_KEYS,
  LOBBY_SEAT_KEYS,
  PLAYING_SEAT_KEYS,
  PLAYING_SEAT_REQUIRED,
  PROTOCOL,
  STATE_KEYS,
  STATE_REQUIRED,
  TABLE_OPTIONS_KEYS,
  TABLE_OPTIONS_REQUIRED,
  parseServerMessage,
} from "./protocol";
import type { StateMessage } from "./protocol";
import { mergeState } from "./connection";

const dir = join(import.meta.dirname, "../../tests/protocol");
const golden = (name: string) => readFileSync(join(dir, name), "utf8");
const keys = (o: object) => Object.keys(o).sort();

describe("golden protocol messages", () => {
  it("has server messages to check", () => {
    expect(readdirSync(dir).filter((f) => f.startsWith("server_")).length).toBeGreaterThanOrEqual(4);
  });

  for (const file of readdirSync(dir).filter((f) => f.startsWith("server_state"))) {
    it(`${file} has exactly the fields the client knows`, () => {
      const m = parseServerMessage(golden(file)) as StateMessage;
      expect(m.type).toBe("state");
      expect(m.protocol).toBe(PROTOCOL);
      for (const k of keys(m)) expect(STATE_KEYS).toContain(k);
      for (const k of STATE_REQUIRED) expect(m).toHaveProperty(k);
      if (m.phase === "lobby") for (const s of m.seats) expect(keys(s)).toEqual([...LOBBY_SEAT_KEYS].sort());
      else
        for (const s of m.seats) {
          for (const k of keys(s)) expect(PLAYING_SEAT_KEYS).toContain(k);
          for (const k of PLAYING_SEAT_REQUIRED) expect(s).toHaveProperty(k);
          // A person's seat tells the stand-in's countdown and whether they are late.
          if (s.kind === "person") expect(keys(s)).toEqual([...PLAYING_SEAT_KEYS].sort());
        }
      for (const c of m.choices ?? []) expect(keys(c)).toEqual([...CHOICE_KEYS].sort());
      if (m.table_options) {
        for (const k of keys(m.table_options)) expect(TABLE_OPTIONS_KEYS).toContain(k);
        for (const k of TABLE_OPTIONS_REQUIRED) expect(m.table_options).toHaveProperty(k);
      }
      if (m.guide) expect(keys(m.guide)).toEqual([...GUIDE_KEYS].sort());
      for (const l of m.chat ?? []) expect(keys(l)).toEqual([...CHAT_LINE_KEYS].sort());
      // Chat lines are never events (meeple-protocol/2).
      for (const e of m.events ?? []) expect(e).not.toMatch(/^[^:]+: "/);
    });
  }

  it("the first message tells the table's options, since when it waits and what the seat may take back", () => {
    const m = parseServerMessage(golden("server_state_first.json")) as StateMessage;
    expect(m.table_options).toBeDefined();
    expect(typeof m.since).toBe("number");
    expect(typeof m.undo).toBe("number");
  });

  it("server_error.json is an error with a code and a message", () => {
    const m = parseServerMessage(golden("server_error.json"));
    expect(keys(m)).toEqual([...ERROR_KEYS].sort());
  });

  it("a patch message applies to the first message's view", () => {
    const first = parseServerMessage(golden("server_state_first.json")) as StateMessage;
    const patch = parseServerMessage(golden("server_state_patch.json")) as StateMessage;
    const s = mergeState(mergeState(null, first), patch);
    expect(s.view.active).toBe(1);
    expect(s.version).toBe(13);
  });

  it("server_chat_page.json is a page of chat lines", () => {
    const m = parseServerMessage(golden("server_chat_page.json"));
    expect(m.type).toBe("chat_page");
    expect(keys(m)).toEqual([...CHAT_PAGE_KEYS].sort());
    if (m.type !== "chat_page") return;
    expect(m.lines.length).toBeGreaterThan(0);
    for (const l of m.lines) expect(keys(l)).toEqual([...CHAT_LINE_KEYS].sort());
  });

  it("server_hint.json is a hint: the seat's top choices with their chance and why", () => {
    const m = parseServerMessage(golden("server_hint.json"));
    expect(m.type).toBe("hint");
    expect(keys(m)).toEqual([...HINT_KEYS].sort());
    if (m.type !== "hint") return;
    expect(m.choices.length).toBeGreaterThan(0);
    expect(m.choices.length).toBeLessThanOrEqual(3);
    for (const c of m.choices) expect(keys(c)).toEqual([...HINT_CHOICE_KEYS].sort());
  });

  it("client messages are ones the client sends, with only the fields it knows", () => {
    const files = readdirSync(dir).filter((f) => f.startsWith("client_"));
    const types = new Set<string>();
    for (const file of files) {
      const m = JSON.parse(golden(file)) as { type: keyof typeof CLIENT_MESSAGE_KEYS };
      expect(Object.keys(CLIENT_MESSAGE_KEYS), file).toContain(m.type);
      for (const k of keys(m)) expect(CLIENT_MESSAGE_KEYS[m.type], `${file}: ${k}`).toContain(k);
      types.add(m.type);
    }
    // Every message the client sends has its golden file.
    expect([...types].sort()).toEqual(Object.keys(CLIENT_MESSAGE_KEYS).sort());
  });

  it("a person's seat tells when a stand-in comes and whether they are late; the table its stand-in rule", () => {
    const m = parseServerMessage(golden("server_state_first.json")) as StateMessage;
    const anna = m.seats[0] as { stand_in_at?: unknown; late?: unknown };
    expect(anna.stand_in_at === null || typeof anna.stand_in_at === "number").toBe(true);
    expect(typeof anna.late).toBe("boolean");
    expect(m.table_options?.stand_in?.mode).toMatch(/^(wait|after|now)$/);
  });

  it("a seat's hello carries its token; a spectator's does not", () => {
    expect(keys(JSON.parse(golden("client_hello_seat.json")))).toEqual(["lang", "token", "type"]);
    expect(keys(JSON.parse(golden("client_hello.json")))).toEqual(["lang", "type"]);
  });
});
