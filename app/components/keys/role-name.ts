import type { TFunction } from 'i18next';
import { isOfferedRole } from '~/lib/api-key-form';

/** A key's role label in words: the offered ones translated, any other value marked as a label only. */
export function roleName(t: TFunction, role: string): string {
  return isOfferedRole(role) ? t(`keys.roles.${role}`) : t('keys.roles.other', { role });
}
