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

/** Provider choices of the form (docs/product/api.md §2.6), with the translation key of each label. */
export const PROVIDERS = [
  { value: 'Cloudflare R2', label: 'storage.providers.r2' },
  { value: 'Backblaze B2', label: 'storage.providers.b2' },
  { value: 'AWS S3', label: 'storage.providers.aws' },
  { value: 'Aliyun OSS', label: 'storage.providers.oss' },
  { value: 'Other S3 Compatible', label: 'storage.providers.other' },
] as const;

/** The translation key naming a stored provider type ("Local" for the embedded config). */
export function providerLabel(provider: string): string {
  if (provider === 'Local') return 'storage.providers.local';
  return PROVIDERS.find((p) => p.value === provider)?.label ?? 'storage.providers.other';
}
