import { Link } from 'react-router';
import { getCurrentYear, getProductsUrl } from '@/lib/runtime-config';
import './site-footer.css';

const internalLinks = [
  { to: '/terms-and-conditions', label: 'Terms and Conditions' },
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/refunds-cancellations', label: 'Refunds and Cancellations' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact Us' },
] as const;

/** The footer of every page, public and signed in; styled with the tokens only so it fits inside antd's layout too. */
export function SiteFooter() {
  const year = getCurrentYear();

  return (
    <footer className="cw-site-footer">
      <div className="cw-site-footer__inner">
        <nav className="cw-site-footer__nav" aria-label="Footer">
          <ul className="cw-site-footer__links">
            {internalLinks.map((link) => (
              <li key={link.to}>
                <Link className="cw-site-footer__link" to={link.to}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                className="cw-site-footer__link"
                href={getProductsUrl()}
                target="_blank"
                rel="noopener noreferrer"
              >
                Products/Services Offered{' '}
                <span className="cw-site-footer__visually-hidden">(opens in a new tab)</span>
                <svg
                  className="cw-site-footer__external-icon"
                  width="12"
                  height="12"
                  viewBox="0 0 12 12"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path
                    d="M4.5 2.5h-2v7h7v-2M7 2.5h2.5V5M9.5 2.5 5.5 6.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.3"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </a>
            </li>
          </ul>
        </nav>
        <p className="cw-site-footer__copyright">© {year} Candlewise</p>
      </div>
    </footer>
  );
}
