import { forwardRef } from 'react';
import type { AnchorHTMLAttributes } from 'react';
import { Link } from 'wouter';

export type RouterLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  href: string;
};

/** A client-side link for MUI's `component` prop (`<Button component={RouterLink} href="/">`). */
export const RouterLink = forwardRef<HTMLAnchorElement, RouterLinkProps>(function RouterLink(props, ref) {
  return <Link ref={ref} {...props} />;
});
