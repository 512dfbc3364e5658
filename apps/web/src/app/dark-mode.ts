export type DarkModeInput = {
  /** The `darkMode` URL query value. */
  urlValue: string | null;
  /** The user's `dark_mode` setting, null when unset or signed out. */
  userSetting: boolean | null | undefined;
  /** The stored value: 'dark' | 'light' | null. */
  stored: string | null;
  osPrefersDark: boolean | null;
};

/** Dark mode priority: URL darkMode true/false, user setting, stored value, OS preference, light. */
export function resolveDarkMode({ urlValue, userSetting, stored, osPrefersDark }: DarkModeInput): boolean {
  if (urlValue === 'true') return true;
  if (urlValue === 'false') return false;
  if (typeof userSetting === 'boolean') return userSetting;
  if (stored === 'dark') return true;
  if (stored === 'light') return false;
  return osPrefersDark === true;
}
