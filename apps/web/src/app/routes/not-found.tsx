import { usePageTitle } from '@/lib/use-page-title';
import './not-found.css';

/** Any path the app does not know (docs/product-contract.md §2): a plain 'Not Found' heading. */
export function NotFound() {
  usePageTitle('Not Found');
  return (
    <main className="cw-not-found">
      <h1>Not Found</h1>
      <p>
        There is no page at this address. <a href="/">Go to the start page</a>
      </p>
    </main>
  );
}
