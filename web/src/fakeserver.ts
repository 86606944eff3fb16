// Tests only: a stand-in for the server's HTTP API (fetch stubbed). Each
// route "METHOD /path" answers with a JSON body, or a Response (a refusal:
// see refused), or a promise of either (an answer held back until the test
// lets it go); any other request is refused with request/not_found. Every
// request made is kept in `calls`, in order, with its JSON body.
import { vi } from "vitest";

export type Answer = unknown;
export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The server's refusal: `{"type":"error","code","message"}` with its status. */
export function refused(status: number, code: string, message = "refused"): Response {
  return new Response(JSON.stringify({ type: "error", code, message }), { status });
}

export function fakeServer(routes: Record<string, (body: unknown, path: string) => Answer>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (path: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path, body });
    const route = routes[`${method} ${path}`];
    if (!route) return refused(404, "request/not_found", `${method} ${path}`);
    const answer = await route(body, path);
    return answer instanceof Response ? answer : new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.stubGlobal("fetch", fetch);
  /** The bodies of the requests to one route. */
  const sent = (route: string) => calls.filter((c) => `${c.method} ${c.path}` === route).map((c) => c.body);
  return { calls, sent };
}
