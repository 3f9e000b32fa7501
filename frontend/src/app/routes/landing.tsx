import { SiteHeader } from '@/components/site-header';
import { PRODUCT_NAME } from '@/config/brand';
import { pageMeta } from '@/config/pages';
import { ContactForm } from '@/features/contact/components/contact-form';
import { usePageTitle } from '@/lib/use-page-title';
import './landing.css';

/**
 * The landing page, in plain HTML and CSS rather than MUI: it paints from its prerendered
 * markup and hydrates with React, Formik and the form alone (the first download stays
 * under the bundle budget of scripts/check-bundle-size.mjs).
 */
export function LandingRoute() {
  usePageTitle(pageMeta.home.title);
  return (
    <>
      <SiteHeader />
      <main className="landing">
        <div className="site-container landing__grid">
          <div className="landing__pitch">
            <h1 className="landing__title">Recruiting. Rewritten.</h1>
            <p className="landing__tagline">Build smarter, faster, human-centered hiring with AI — on your terms.</p>
            <p className="landing__description">
              {PRODUCT_NAME} helps recruiting and talent-acquisition teams find, engage and hire the right people. Automate the
              busywork, keep the human judgment, and give every candidate an experience worth talking about. Leave your details
              and we&apos;ll show you how it fits the way your team already works.
            </p>
          </div>
          <section aria-label="Contact form" className="contact-card">
            <ContactForm />
          </section>
        </div>
      </main>
    </>
  );
}
