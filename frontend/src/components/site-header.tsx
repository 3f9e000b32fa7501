import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '@/config/brand';
import { Logo } from './logo';

export type SiteHeaderProps = {
  actions?: ReactNode;
};

/** The logo and product name on every page, with the page's own actions at the right. */
export function SiteHeader({ actions }: SiteHeaderProps) {
  return (
    <header className="site-header">
      <div className="site-container site-header__bar">
        <Logo size={36} />
        <p className="site-header__name">{PRODUCT_NAME}</p>
        {actions}
      </div>
    </header>
  );
}
