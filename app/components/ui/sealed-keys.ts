/**
 * The keys of what this page has just sealed (an encrypted paste, encrypted uploads), until their
 * results show the links: in this page's memory only, never stored, never sent. A result finds its
 * key by the header it was sealed with (its salt is new every time); a reload finds nothing, and
 * the result says the key cannot be shown again.
 */
const keys = new Map<string, string>();
/** A page uploads a batch at most of this many files before its results are shown. */
const KEPT = 1000;

export function rememberKey(header: string, secret: string): void {
  keys.set(header, secret);
  if (keys.size > KEPT) keys.delete(keys.keys().next().value!);
}

export function keyFor(header: string): string | null {
  return keys.get(header) ?? null;
}

/** Where this device keeps the keys of the files it encrypted and uploaded: this origin's storage only. */
const DEVICE_KEYS = 'cloudclip-sealed-keys';
/** The newest this many are kept (the upload page lists the last few uploads). */
const DEVICE_KEPT = 100;

function deviceKeys(): Record<string, string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(DEVICE_KEYS) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/**
 * Keeps a key on this device for its uploader's "Recent uploads", which link each encrypted file
 * with its key (issue 42, item 4). Never sent anywhere; another device, or a cleared browser, has
 * none, and the list then says where the key is. A browser that refuses storage keeps nothing.
 */
export function keepKeyOnDevice(header: string, secret: string): void {
  const kept = deviceKeys();
  delete kept[header];
  kept[header] = secret;
  const headers = Object.keys(kept);
  for (const old of headers.slice(0, Math.max(0, headers.length - DEVICE_KEPT))) delete kept[old];
  try {
    localStorage.setItem(DEVICE_KEYS, JSON.stringify(kept));
  } catch {
    // Private browsing or a full storage: the result still shows the link this once.
  }
}

/** The key this device kept for an encrypted share's header, or null. */
export function keyOnDevice(header: string): string | null {
  return deviceKeys()[header] ?? null;
}
