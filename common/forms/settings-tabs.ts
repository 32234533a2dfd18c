// The settings page's forms (their `intent`) and tabs (their `?sekme=` values): the page, its action and
// the settings feature share them.

/** What each form posts as `intent`; the action dispatches on it. */
export const SETTINGS_INTENTS = ["account", "photo", "removePhoto", "notifications", "social", "password", "deleteReminder", "outageAlertOff", "delete"] as const;
export type SettingsIntent = (typeof SETTINGS_INTENTS)[number];

export function isSettingsIntent(value: unknown): value is SettingsIntent {
  return typeof value === "string" && (SETTINGS_INTENTS as readonly string[]).includes(value);
}

/** The tabs of /ayarlar and their `?sekme=` values. */
export const SETTINGS_TABS = [
  { key: "account", param: "hesap" },
  { key: "social", param: "sosyal" },
  { key: "password", param: "sifre" },
  { key: "reminders", param: "hatirlatmalar" },
  { key: "outageAlerts", param: "kesinti-uyarilari" },
  { key: "deletion", param: "silme" },
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number]["key"];

export function tabFromParam(param: string | null): SettingsTab {
  return SETTINGS_TABS.find((t) => t.param === param)?.key ?? "account";
}

export function tabParam(tab: SettingsTab): string {
  return SETTINGS_TABS.find((t) => t.key === tab)?.param ?? "hesap";
}
