import { Link } from 'react-router';
import { useTranslation } from '~/i18n/use-translation';
import { Badge } from '~/components/keys/Badge';
import { PermissionBadges } from '~/components/keys/PermissionBadges';
import { IntentButton } from '~/components/ui/IntentButton';
import type { AccountView } from './types';
import { USERS_PATH as PATH } from '~/lib/hrefs';

function StatusBadge({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  if (account.disabled) return <Badge tone="danger">{t('accounts.admin.status.disabled')}</Badge>;
  if (account.invited)
    return (
      <Badge tone="neutral">
        {t(account.inviteExpired ? 'accounts.admin.status.inviteExpired' : 'accounts.admin.status.invited')}
      </Badge>
    );
  return <Badge>{t('accounts.admin.status.active')}</Badge>;
}

/**
 * Every account with its role, state, second factor and rights, and what an admin can do to it. Each
 * action is a link (edit, sessions, delete: a panel) or a one-button form, so it works without JavaScript.
 */
export function UserList({ accounts, activeId }: { accounts: AccountView[]; activeId?: string }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="accounts-heading" className="space-y-3">
      <h2 id="accounts-heading" className="text-lg font-semibold">
        {t('accounts.admin.list')}
      </h2>
      <ul className="space-y-3">
        {accounts.map((account) => (
          <li
            key={account.id}
            data-testid="account-row"
            aria-current={account.id === activeId ? 'true' : undefined}
            className="card space-y-3 aria-[current=true]:ring-2 aria-[current=true]:ring-accent"
          >
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-semibold">{account.name}</span>
              <span className="font-mono text-sm text-subtle">{account.username}</span>
              {account.isYou && <Badge tone="neutral">{t('accounts.admin.you')}</Badge>}
              <Badge tone={account.role === 'admin' ? 'brand' : 'neutral'}>
                {t(`accounts.admin.roles.${account.role}`)}
              </Badge>
              <StatusBadge account={account} />
              <Badge tone="neutral">
                {t(account.secondFactor ? 'accounts.admin.secondFactorOn' : 'accounts.admin.secondFactorOff')}
              </Badge>
            </div>
            {account.role === 'member' && (
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <PermissionBadges bits={account.permissions} />
                <span className="font-mono text-subtle">{account.basePath}</span>
              </div>
            )}
            <div
              role="group"
              aria-label={t('accounts.admin.actions', { name: account.name })}
              className="flex flex-wrap gap-2"
            >
              <Link to={`${PATH}?edit=${account.id}#edit-account`} className="btn px-3 py-1.5 text-xs">
                {t('accounts.admin.edit')}
              </Link>
              <Link to={`${PATH}?sessions=${account.id}#account-sessions`} className="btn px-3 py-1.5 text-xs">
                {t('accounts.admin.sessions')}
              </Link>
              <IntentButton
                action={PATH}
                intent="link"
                id={account.id}
                fields={{ name: account.name }}
                label={t('accounts.admin.newLink')}
                busyLabel={t('accounts.admin.newLinkBusy')}
              />
              {account.secondFactor && (
                <IntentButton
                  action={PATH}
                  intent="resetSecondFactor"
                  id={account.id}
                  label={t('accounts.admin.resetSecondFactor')}
                  busyLabel={t('accounts.admin.resetting')}
                />
              )}
              {!account.isYou && (
                <>
                  <IntentButton
                    action={PATH}
                    intent={account.disabled ? 'enable' : 'disable'}
                    id={account.id}
                    label={t(account.disabled ? 'accounts.admin.enable' : 'accounts.admin.disable')}
                    busyLabel={t(account.disabled ? 'accounts.admin.enabling' : 'accounts.admin.disabling')}
                  />
                  <Link
                    to={`${PATH}?delete=${account.id}#delete-account`}
                    className="btn px-3 py-1.5 text-xs text-danger hover:border-danger/40 hover:bg-danger/10"
                  >
                    {t('accounts.admin.delete')}
                  </Link>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
