import { useSessionSync } from './session';

/** Keeps open tabs on one session; loaded after first paint (it brings the session client). */
export default function SessionSync() {
  useSessionSync();
  return null;
}
