import { initials } from '../../lib/initials.ts';

/** The signed-in person's initials on the brand red (top bar, side navigation; office.css). */
export function UserAvatar({ name, size, fontSize }: { name: string; size: number; fontSize: string }) {
  return (
    <span className="avatar person" style={{ width: size, height: size, fontSize }}>
      {initials(name)}
    </span>
  );
}
