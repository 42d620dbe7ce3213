import type { PasteListItem } from '~/models/pastes/list.server';
import type { PasteRecord } from '~/models/pastes/pastes.server';
import type { PasteView } from '~/models/pastes/types';
import type { unlockPaste } from '~/models/pastes/reads.server';
import type { Principal } from '~/auth/principal';
import type { CreatePasteInput } from '~/lib/schemas/pastes';
import { presentPastesKeyInfo } from './key-info';
import { apiMessage } from '../errors';

/** The wire shapes of text pastes in docs/product/api.md §3.3. */

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The fields every public paste answer shares (bare objects, docs/product/api.md §3.3), and
 * `encrypted` (docs/api-extensions.md): the content is then the envelope, the remark null.
 */
export function presentPublicPaste(p: PasteRecord) {
  return {
    slug: p.slug,
    encrypted: p.encrypted,
    remark: p.remark,
    expiresAt: iso(p.expiresAt),
    maxViews: p.maxViews,
    views: p.views,
    createdAt: iso(p.createdAt),
    created_by: p.createdBy,
  };
}

/** GET /paste/{slug} of a paste without password: the content, and whether this was its last view. */
export function presentUnlockedView(p: PasteView) {
  return { ...presentPublicPaste(p), content: p.content, hasPassword: false, isLastView: p.isLastView };
}

/** The stored fields of a paste in the management shapes (snake_case). */
function managedFields(p: PasteRecord) {
  return {
    id: p.id,
    slug: p.slug,
    remark: p.remark,
    encrypted: p.encrypted,
    expires_at: iso(p.expiresAt),
    max_views: p.maxViews,
    views: p.views,
    created_by: p.createdBy,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** GET /pastes/{id}: one paste for its owner, with the content and its password. */
export function presentOwnedPaste(p: PasteRecord & { plainPassword: string | null }) {
  return { ...managedFields(p), content: p.content, has_password: p.hasPassword, plain_password: p.plainPassword };
}

export function presentPasteListItem(p: PasteListItem, forKey: boolean) {
  const common = {
    ...managedFields(p),
    has_password: p.hasPassword ? 1 : 0,
    ...(p.keyName ? { key_name: p.keyName } : {}),
  };
  if (forKey) return { ...common, content: p.content };
  // An envelope says nothing to a reader: the list says what it is instead.
  const preview = p.encrypted
    ? apiMessage('pasteEncrypted')
    : p.content.length > 200
      ? `${p.content.slice(0, 200)}...`
      : p.content;
  return { ...common, view_count: p.views, content_preview: preview };
}

/**
 * POST /paste: a bare object; remark, expiresAt and maxViews repeat the input when it was sent.
 * `authorizedBy` says which credential created it.
 */
export function presentCreatedPaste(
  paste: PasteRecord,
  input: Pick<CreatePasteInput, 'remark' | 'expiresAt' | 'maxViews'>,
  principal: Principal,
) {
  return {
    id: paste.id,
    slug: paste.slug,
    ...(input.remark !== undefined ? { remark: input.remark } : {}),
    ...(input.expiresAt ? { expiresAt: iso(paste.expiresAt) } : {}),
    ...(input.maxViews !== undefined && input.maxViews !== null ? { maxViews: input.maxViews } : {}),
    hasPassword: paste.hasPassword,
    createdAt: iso(paste.createdAt),
    authorizedBy: principal.kind === 'admin' ? 'admin' : 'apikey',
  };
}

/** GET /paste/{slug} of a paste behind a password: what it is, not what it says. */
export const presentLockedPaste = (p: PasteRecord) => ({
  ...presentPublicPaste(p),
  hasPassword: true,
  requiresPassword: true,
});

/** POST /paste/{slug}: the unlocked paste, with its password (the visitor just typed it). */
export const presentUnlockedPaste = (p: Awaited<ReturnType<typeof unlockPaste>>) => ({
  ...presentPublicPaste(p),
  content: p.content,
  hasPassword: true,
  plain_password: p.plainPassword,
  updatedAt: iso(p.updatedAt),
  isLastView: p.isLastView,
});

/**
 * GET /pastes: the items in `data`; `pagination`, and for a key holder `key_info`, beside it (as
 * v0.7.3 answers, docs/product/api.md §3.3).
 */
export function presentPasteList(items: PasteListItem[], principal: Principal, pagination: object) {
  const forKey = principal.kind === 'apikey';
  return {
    data: items.map((p) => presentPasteListItem(p, forKey)),
    beside: { pagination, ...presentPastesKeyInfo(principal) },
  };
}
