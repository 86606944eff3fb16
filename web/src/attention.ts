// Telling people it is their turn while they look elsewhere: the tab's title
// ("● Your turn — Ufo! — meeple", "(2) My tables — meeple"), a marked
// favicon, and, if they allowed it with the button (never asked on load), a
// notification while the tab is hidden.
import { signal } from "@preact/signals";
import { useEffect, useRef } from "preact/hooks";
import { t } from "./strings";

const ICON_SHAPES =
  "%3Ccircle cx='8' cy='5' r='3' fill='%23e0a030'/%3E%3Cpath d='M2 15c0-4 3-6 6-6s6 2 6 6z' fill='%23e0a030'/%3E";
export const ICON = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E${ICON_SHAPES}%3C/svg%3E`;
// The marked icon: a white-ringed dark dot in the corner (a shape, not only a colour).
export const ICON_TURN = `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E${ICON_SHAPES}%3Ccircle cx='12' cy='4' r='4' fill='%23ffffff'/%3E%3Ccircle cx='12' cy='4' r='2.8' fill='%23c2185b'/%3E%3C/svg%3E`;

export const APP_TITLE = "meeple";

function setIcon(href: string): void {
  if (typeof document === "undefined") return;
  let link = document.querySelector<HTMLLinkElement>("link[rel~='icon']");
  if (!link) {
    link = document.createElement("link");
    link.rel = "icon";
    document.head.appendChild(link);
  }
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
  link.dataset.turn = href === ICON_TURN ? "true" : "false";
}

/** The tab's title and icon: `turns` > 0 marks both. */
export function signalTab(title: string, marked: boolean): void {
  if (typeof document === "undefined") return;
  document.title = title;
  setIcon(marked ? ICON_TURN : ICON);
}

export function resetTab(): void {
  signalTab(APP_TITLE, false);
}

type Permission = "default" | "granted" | "denied" | "unsupported";

function currentPermission(): Permission {
  if (typeof window === "undefined" || !("Notification" in window)) return "unsupported";
  return Notification.permission;
}

/** Whether the browser may show notifications (only ever asked through askNotifications). */
export const notifyPermission = signal<Permission>(currentPermission());

export async function askNotifications(): Promise<void> {
  if (currentPermission() === "unsupported") return;
  try {
    notifyPermission.value = await Notification.requestPermission();
  } catch {
    notifyPermission.value = currentPermission();
  }
}

/** Tells the person through the Notification API, only when they allowed it and the tab is hidden. */
export function notify(title: string, body: string, tag: string): boolean {
  if (currentPermission() !== "granted" || typeof document === "undefined" || !document.hidden) return false;
  try {
    const n = new Notification(title, { body, tag, icon: ICON_TURN });
    n.onclick = () => {
      window.focus();
      n.close();
    };
    return true;
  } catch {
    return false;
  }
}

/**
 * Keeps the tab's title and icon on what a page says (`count` turns waiting;
 * `title` the page's own title), and notifies when the count grows while the
 * tab is hidden. Puts the plain title back when the page goes.
 */
export function useTurnSignal(count: number, title: string, note: { title: string; body: string; tag: string }): void {
  const prev = useRef(count);
  // The page that set the tab last owns it: a page going away after the next one came (its cleanup may run
  // after the new page's effects) must not put the plain title back over the new page's.
  const me = useRef({});
  useEffect(() => {
    owner = me.current;
    signalTab(title, count > 0);
    if (count > prev.current) notify(note.title, note.body, note.tag);
    prev.current = count;
  }, [count, title, note.title, note.body, note.tag]);
  useEffect(
    () => () => {
      if (owner !== me.current) return;
      owner = null;
      resetTab();
    },
    [],
  );
}

let owner: object | null = null;

/** The permission button: asks only when pressed; says where things stand afterwards. */
export function notifyText(p: Permission): string {
  return p === "granted" ? t("notify.on") : p === "denied" ? t("notify.denied") : "";
}
