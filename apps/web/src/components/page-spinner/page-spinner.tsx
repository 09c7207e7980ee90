import './page-spinner.css';

/** Shown while a lazily loaded page arrives; plain CSS so it costs nothing on the light public pages. */
export function PageSpinner() {
  return (
    <div className="cw-page-spinner" role="status" aria-label="Loading page">
      <span className="cw-page-spinner__circle" aria-hidden="true" />
    </div>
  );
}
