import './page-spinner.css';

/**
 * Shown while a lazily loaded page (or a page's list) arrives; plain CSS so it costs nothing on the
 * light public pages. `label` says what is loading ('Loading groups').
 */
export function PageSpinner({ label = 'Loading page' }: { label?: string }) {
  return (
    <div className="cw-page-spinner" role="status" aria-label={label}>
      <span className="cw-page-spinner__circle" aria-hidden="true" />
    </div>
  );
}
