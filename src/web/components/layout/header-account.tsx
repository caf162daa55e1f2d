import { LogOut, MessageSquare, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { SessionState } from '~/shared/contracts/auth';
import { Button } from '~/web/components/ui/button';
import { useAuth } from '~/web/lib/session';
import { useUnreadMessages } from '~/web/lib/unread-messages';
import { FIND_PROVIDERS_PATH, accountLinks, showsFindProviders } from './account-links';
import { AccountMenu } from './account-menu';
import { AccountPlaceholder } from './account-placeholder';
import { MessagesLink, useInboxPath } from './messages-link';
import { NotificationBell } from './notification-bell';
import { mobileNavLinkClassName } from './header-links';
import { MobileVisitorLinks, VisitorAccountLinks } from './header-visitor';
import { useLogOut } from './use-log-out';
import { UserAvatar } from './user-avatar';

/**
 * The header's account area: the placeholder while auth loads, Sign in and Sign up for visitors,
 * the avatar menu for signed-in people. The header loads this module only once someone is signed
 * in (the validator, Radix's menu and the inbox queries stay out of a visitor's page) and shows
 * {@link AccountPlaceholder} meanwhile; a visitor's header renders {@link VisitorAccountLinks}.
 */
export default function HeaderAccount() {
  const { status, session } = useAuth();
  if (status === 'loading') return <AccountPlaceholder />;
  if (!session) return <VisitorAccountLinks />;
  return (
    <>
      <MessagesLink />
      <NotificationBell />
      <AccountMenu session={session} />
    </>
  );
}

/**
 * On a phone the account area is in the menu; the messages link and the bell stay in the header
 * beside the menu button, so unread messages and notifications are seen without opening it.
 */
export function MobileHeaderAlerts() {
  const { session } = useAuth();
  if (!session) return null;
  return (
    <>
      <MessagesLink />
      <NotificationBell />
    </>
  );
}

/** The mobile menu's Find Providers item: signed-in patients only (spec §2, §6). */
export function MobileFindProvidersItem({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const { session } = useAuth();
  if (!showsFindProviders(session)) return null;
  return (
    <li>
      <NavLink to={FIND_PROVIDERS_PATH} end className={mobileNavLinkClassName} onClick={onNavigate}>
        <Search aria-hidden="true" className="me-2 size-5 text-slate-700" />
        {t('header.findProviders')}
      </NavLink>
    </li>
  );
}

/** The inbox in the mobile menu (the header's Messages link is hidden on small screens), with the unread count. */
function MobileMessagesItem({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const { can } = useAuth();
  const unread = useUnreadMessages();
  const to = useInboxPath();
  if (!can('messages.self')) return null;
  return (
    <li>
      <NavLink to={to} end className={mobileNavLinkClassName} onClick={onNavigate}>
        <MessageSquare aria-hidden="true" className="me-2 size-5 text-slate-700" />
        {t('messaging.link')}
        {unread > 0 ? `, ${t('messaging.unread', { count: unread })}` : ''}
      </NavLink>
    </li>
  );
}

function MobileSignedIn({ session, onNavigate }: { session: SessionState; onNavigate(): void }) {
  const { t } = useTranslation();
  const { logOut, pending } = useLogOut();
  const { user } = session;
  return (
    <div className="mt-3 border-t border-slate-200 pt-3">
      <div className="flex items-center gap-3 px-3 py-2">
        <UserAvatar name={user.name} image={user.image} />
        <div className="min-w-0">
          <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
          <p dir="ltr" className="truncate text-xs text-slate-700">
            {user.email}
          </p>
        </div>
      </div>
      <ul className="flex flex-col gap-1">
        {accountLinks(session).map(({ to, labelKey, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} end className={mobileNavLinkClassName} onClick={onNavigate}>
              <Icon aria-hidden="true" className="me-2 size-5 text-slate-700" />
              {t(labelKey)}
            </NavLink>
          </li>
        ))}
        <MobileMessagesItem onNavigate={onNavigate} />
        <li>
          <Button
            variant="ghost"
            size="lg"
            className="w-full justify-start px-3 text-slate-800"
            busy={pending}
            onClick={() => void logOut().then((done) => done && onNavigate())}
          >
            <LogOut aria-hidden="true" className="size-5 text-slate-700" />
            {pending ? t('header.loggingOut') : t('header.logout')}
          </Button>
        </li>
      </ul>
    </div>
  );
}

/** The mobile menu's account part: Sign in and Sign up for visitors, the account links for signed-in people. */
export function MobileAccountLinks({ onNavigate }: { onNavigate(): void }) {
  const { status, session } = useAuth();
  if (status === 'loading') return null;
  if (session) return <MobileSignedIn session={session} onNavigate={onNavigate} />;
  return <MobileVisitorLinks onNavigate={onNavigate} />;
}
