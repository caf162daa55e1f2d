import { LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SessionState } from '~/shared/contracts/auth';
import { accountLinks } from './account-links';
import { useLogOut } from './use-log-out';
import { UserAvatar } from './user-avatar';

const ITEM_CLASS_NAME =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-sm px-2 text-sm text-slate-800 select-none focus-visible:-outline-offset-2 data-disabled:cursor-progress data-disabled:text-slate-600 data-highlighted:bg-teal-50 data-highlighted:text-teal-900';

/** The signed-in person's avatar menu (spec §2): Dashboard, Settings, Manage Tenants, Log out. */
export function AccountMenu({ session }: { session: SessionState }) {
  const { t } = useTranslation();
  const { logOut, pending } = useLogOut();
  const { user } = session;
  return (
    // Not modal, like the language picker: a modal menu would hide the page (with its focusable
    // elements) from assistive technology while open (axe: aria-hidden-focus).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('header.accountMenu', { name: user.name || user.email })}
        className="inline-flex size-10 items-center justify-center rounded-full hover:bg-slate-100 data-[state=open]:bg-slate-100"
      >
        <UserAvatar name={user.name} image={user.image} />
      </DropdownMenu.Trigger>
      {/* In place (no portal) so that the open menu stays inside the header landmark. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={6}
        className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
      >
        <DropdownMenu.Label className="px-2 py-1.5">
          <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
          <span dir="ltr" className="block truncate text-xs text-slate-700">
            {user.email}
          </span>
        </DropdownMenu.Label>
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        {accountLinks(session).map(({ to, labelKey, icon: Icon }) => (
          <DropdownMenu.Item key={to} asChild className={ITEM_CLASS_NAME}>
            <Link to={to}>
              <Icon aria-hidden="true" className="size-4 text-slate-700" />
              {t(labelKey)}
            </Link>
          </DropdownMenu.Item>
        ))}
        <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
        <DropdownMenu.Item
          disabled={pending}
          className={ITEM_CLASS_NAME}
          onSelect={(event) => {
            // Stay open: the item says 'Logging out...' until the session has ended.
            event.preventDefault();
            void logOut();
          }}
        >
          <LogOut aria-hidden="true" className="size-4 text-slate-700" />
          {pending ? t('header.loggingOut') : t('header.logout')}
        </DropdownMenu.Item>
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
