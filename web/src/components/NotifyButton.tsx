import { askNotifications, notifyPermission, notifyText } from "../attention";
import { t } from "../strings";

/** Asks for notifications only when pressed (never on load); afterwards says where things stand. */
export function NotifyButton() {
  const p = notifyPermission.value;
  if (p === "unsupported") return null;
  if (p === "default")
    return (
      <button type="button" class="small notify" onClick={() => void askNotifications()}>
        {t("notify.ask")}
      </button>
    );
  return (
    <span class="muted small notify-state" data-permission={p}>
      {notifyText(p)}
    </span>
  );
}
