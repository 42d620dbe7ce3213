import type { Principal } from '~/auth/principal';
import type { BinConfirm } from '~/lib/bin';
import { emptyBin, listBin, purgeFromBin, restoreFromBin } from '~/models/fs/bin/manage.server';
import type { Services } from '~/services.server';

export const BIN_INTENTS = ['binRestore', 'binPurge', 'binEmpty'] as const;
export type BinIntent = (typeof BIN_INTENTS)[number];

export const isBinIntent = (intent: unknown): intent is BinIntent => BIN_INTENTS.includes(intent as BinIntent);

/**
 * The recycle bin's forms, the same on Admin → Recycle bin and the explorer's bin panel (issue 42,
 * item 15): restore one entry, delete one for good, or empty the bin; the destructive two answer
 * their confirmation step first when the post is not confirmed (no JavaScript), one model call each.
 */
export async function binAction(
  services: Services,
  principal: Principal,
  form: FormData,
  under?: string,
): Promise<{ notice: 'restored' | 'purged' | 'emptied'; path?: string } | { confirm: BinConfirm }> {
  const intent = form.get('intent') as BinIntent;
  const id = String(form.get('id') ?? '');
  const confirmed = form.get('confirmed') === '1';
  if (intent === 'binRestore') return { notice: 'restored', ...(await restoreFromBin(services, principal, id)) };
  if (intent === 'binPurge') {
    if (!confirmed) {
      const { entries } = await listBin(services, principal, { under });
      return { confirm: { intent, id, name: entries.find((e) => e.id === id)?.name ?? '' } };
    }
    await purgeFromBin(services, principal, [id]);
    return { notice: 'purged' };
  }
  if (!confirmed)
    return { confirm: { intent: 'binEmpty', count: (await listBin(services, principal, { under })).entries.length } };
  await emptyBin(services, principal, under);
  return { notice: 'emptied' };
}
