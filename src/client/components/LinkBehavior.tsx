import { forwardRef } from 'react';
import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'react-router';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href?: string; to?: string };

/**
 * MUI's Link and link-buttons render this: in-app paths go through React Router, everything
 * else (other origins, mailto:, downloads) stays a plain anchor.
 */
export const LinkBehavior = forwardRef<HTMLAnchorElement, Props>(function LinkBehavior(
  { href, to, ...rest },
  ref,
) {
  const target = to ?? href ?? '';
  const isInternal = target.startsWith('/') && !target.startsWith('//');
  if (isInternal && !rest.download) return <Link ref={ref} to={target} {...rest} />;
  return <a ref={ref} href={target} {...rest} />;
});
