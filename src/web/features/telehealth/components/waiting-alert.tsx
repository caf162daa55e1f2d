import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useRealtimeEvents } from '~/web/lib/realtime';
import { useAuth } from '~/web/lib/session';
import { fetchVisit } from '../api/telehealth-api';

/**
 * For a provider on any page but their video visits': when someone starts waiting in one of their
 * visits (a `visit` event of kind `waiting`), a toast names them, with a button to the visit, as
 * Doxy.me's check-in alert does. On /provider/telehealth and on that visit's page the list and
 * the waiting room say it already.
 */
export default function VisitWaitingAlert() {
  // Its strings are only needed when someone starts waiting: the namespace loads meanwhile, and
  // the header (rendered with the page in one transition after hydration) never waits for it.
  const { t } = useTranslation('telehealth', { useSuspense: false });
  const { can } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const where = useRef(pathname);
  useEffect(() => {
    where.current = pathname;
  }, [pathname]);
  const practice = can('appointments.manage');
  useRealtimeEvents((event) => {
    if (!practice || event.event !== 'visit' || event.data.kind !== 'waiting' || typeof event.data.appointmentId !== 'string') return;
    const id = event.data.appointmentId;
    const page = `/appointments/telehealth/${encodeURIComponent(id)}`;
    if (where.current === '/provider/telehealth' || where.current === page) return;
    fetchVisit(id)
      .then((visit) => {
        if (visit.me.role !== 'provider' || where.current === page) return;
        const waiting = visit.participants
          .filter((p) => p.state === 'waiting' && p.present)
          .sort((a, b) => (b.waitingSince ?? '').localeCompare(a.waitingSince ?? ''))[0];
        if (!waiting) return;
        // One toast per visit: a second person waiting (or the same one again) replaces it.
        toast.info(t('waitingAlert.title', { name: waiting.name }), {
          id: `visit-waiting-${id}`,
          description: t('waitingAlert.body', { service: visit.serviceName }),
          duration: 30_000,
          action: { label: t('waitingAlert.open'), onClick: () => void navigate(page) },
        });
      })
      // A visit that cannot be read (gone meanwhile) has nobody to announce.
      .catch(() => undefined);
  });
  return null;
}
