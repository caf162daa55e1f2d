import { Avatar } from 'radix-ui';
import { initials } from '~/web/lib/session';
import { AVATAR_CLASS_NAME } from './account-placeholder';

/** The person's picture, or the initials of their name ('U' without one) until it loads or when there is none. */
export function UserAvatar({ name, image }: { name: string | null | undefined; image: string | null | undefined }) {
  return (
    <Avatar.Root className={`${AVATAR_CLASS_NAME} bg-teal-700 text-sm font-semibold text-white`}>
      {image ? <Avatar.Image src={image} alt="" className="size-full object-cover" /> : null}
      <Avatar.Fallback delayMs={image ? 600 : undefined}>{initials(name)}</Avatar.Fallback>
    </Avatar.Root>
  );
}
