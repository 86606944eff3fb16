// Views and choices of First Contact shaped as games/first_contact/view.cpp
// and json.cpp send them, for the tests of the model and the screen.
import type { TableState } from "../../connection";
import type { Choice, Json, JsonObject } from "../../protocol";
import { CHARACTERISTICS } from "./data";

export const ITEMS = [
  "knife",
  "queen",
  "wine",
  "scarf",
  "coin",
  "bow",
  "wheat",
  "meat",
  "bread",
  "armor",
  "honey",
  "needle",
];
export const PAD = [3, 14, 21, 24, 15, 16, 22, 1, 6, 17, 10, 2, 13, 8, 7, 11, 19, 0, 4, 23, 18, 9, 12, 20, 5];

export function baseView(over: JsonObject = {}): JsonObject {
  return {
    phase: "choose_characteristic",
    to_act: [1],
    edition: "it",
    mode: "standard",
    players: 2,
    negation: true,
    custom_symbols: false,
    round: 1,
    goal: 8,
    timer: 9,
    aliens: [{ seat: 0, colour: "green", items: 0 }],
    earthlings: [{ seat: 1, tokens: { blue: 0 }, total: 0 }],
    field: Array.from({ length: 25 }, (_, s) => ({ square: s, item: ITEMS[s % ITEMS.length], covered_by: null })),
    zero_turn: [],
    question: { seat: null, rotated: [], answer: [] },
    message: { seat: null, glyphs: [] },
    revealed_offers: [{ seat: 1, squares: [] }],
    this_round: { questions: [], messages: [] },
    attempt: 1,
    decided: [],
    ...over,
  };
}

export function alienSecrets(over: JsonObject = {}): JsonObject {
  return {
    language_pad: {
      id: 5,
      symbols: PAD.map((g, k) => ({ characteristic: CHARACTERISTICS[k].id, glyph: g })),
    },
    request_card: { id: 6, side: "B", rotation: 3 },
    wanted: { green: [3, 5, 6, 10, 12, 17, 19, 24] },
    black: [15],
    target: null,
    my_proposal: null,
    ...over,
  };
}

export function earthlingSecrets(over: JsonObject = {}): JsonObject {
  return {
    note_pad: {
      pad: 0,
      cells: CHARACTERISTICS.map((c) => ({ characteristic: c.id, glyph: c.id === "big" ? 4 : null })),
      unknown_symbols: [7],
    },
    my_characteristics: [],
    my_characteristic: null,
    my_offer: null,
    ...over,
  };
}

export function state(seat: number, view: JsonObject, choices: Choice[] = [], toAct?: number[]): TableState {
  return {
    type: "state",
    protocol: "meeple-protocol/2",
    table: "t1",
    game: "first-contact",
    phase: "playing",
    seat,
    version: 30,
    to_act: toAct ?? (view.to_act as number[]),
    seats: [
      { kind: "person", name: "Anna", stand_in: false, connected: true },
      { kind: "person", name: "Ben", stand_in: false, connected: true },
    ],
    view,
    choices,
  };
}

let nextAction = 0;
export const choice = (json: Json, words = JSON.stringify(json)): Choice => ({ action: nextAction++, json, words });
