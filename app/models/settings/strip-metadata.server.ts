import type { Readable } from 'node:stream';
import { mimeFromFilename } from '~/lib/mime';
import type { ModelContext } from '~/models/context.server';
import { stripImageMetadata } from '~/storage/image-metadata';
import { through } from '~/storage/byte-limit';
import type { ObjectInfo, StorageDriver } from '~/storage/types';
import { getSetting } from './settings.server';

/**
 * The global setting "strip location and camera details from uploaded photos" (strip_image_metadata,
 * off by default; issue 47 item 4, docs/decisions/0044-image-metadata.md), applied where each door
 * stores a file: a body streamed through the app is stripped on its way to storage; a file a client
 * put straight into storage (presigned or multipart) is rewritten stripped when its upload is
 * committed, before it is shown — from its pending key where it has one.
 */

/** The types the stripper knows (app/storage/image-metadata.ts). */
const PHOTOS = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** Whether a file of this name is stored stripped now. */
async function strips(ctx: ModelContext, name: string): Promise<boolean> {
  return PHOTOS.has(mimeFromFilename(name)) && (await getSetting(ctx, 'strip_image_metadata')) === 'true';
}

/**
 * `body` as it is to be stored. Stripped, it is shorter than any size declared for it: `exact` says
 * whether that size still holds (a writer must then not hold the stream to it).
 */
export async function storedBody(
  ctx: ModelContext,
  name: string,
  body: Readable,
): Promise<{ body: Readable; exact: boolean }> {
  if (!(await strips(ctx, name))) return { body, exact: true };
  return { body: through(body, stripImageMetadata()), exact: false };
}

/**
 * A file already in storage at `key`, written again stripped (a direct upload's commit): answers
 * what storage now says of it, or null when it was left as it was. The original is replaced in one
 * write.
 */
export async function stripStored(
  ctx: ModelContext,
  driver: StorageDriver,
  key: string,
  name: string,
): Promise<ObjectInfo | null> {
  if (!(await strips(ctx, name))) return null;
  const { stream } = await driver.read(key);
  await driver.write(key, through(stream, stripImageMetadata()), { contentType: mimeFromFilename(name) });
  return driver.stat(key);
}
