import { DevMailboxPage } from '~/web/features/dev-mailbox/components/dev-mailbox-page';

/** /dev/mailbox: the development outbox, only while demo mode is on (otherwise the not-found page). */
export default function DevMailboxRoute() {
  return <DevMailboxPage />;
}
