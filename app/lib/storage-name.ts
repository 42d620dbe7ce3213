import type { TFunction } from 'i18next';

/**
 * The name a fresh install gives its embedded local storage (app/models/storage/configs.server.ts).
 * It is stored in English, so every page shows it in the visitor's language until an admin renames
 * it; a name the admin typed is shown as typed.
 */
export const SEEDED_STORAGE_NAME = 'Local storage';

export function storageDisplayName(t: TFunction, name: string): string {
  return name === SEEDED_STORAGE_NAME ? t('storage.seededName') : name;
}
