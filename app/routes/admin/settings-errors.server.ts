import { translate } from '~/i18n/translate';
import type { SettingProblem } from '~/models/settings/settings-admin.server';

/**
 * The settings model's refusals as form field errors in the visitor's language. The forms name
 * their fields after the setting keys, so each message lands next to its own control.
 */
export function settingFieldErrors(problems: SettingProblem[], locale: string): Record<string, string> {
  return Object.fromEntries(problems.map((p) => [p.key, translate(locale, `errors.${p.messageKey}`, p.details)]));
}
