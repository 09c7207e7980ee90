import './error-fallback.css';

/** What the user sees after an uncaught render error (docs/product-contract.md §8); the error itself goes to the console. */
export function ErrorFallback() {
  return (
    <div className="cw-error-fallback" role="alert">
      <h1 className="cw-error-fallback__title">Something went wrong</h1>
      <p className="cw-error-fallback__text">
        This page stopped because of an unexpected error. Reloading usually fixes it; if it keeps happening,
        please tell us through the contact page.
      </p>
      <div className="cw-error-fallback__actions">
        <button type="button" className="cw-error-fallback__button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        {/* A plain link on purpose: it works even when the router itself is what failed. */}
        <a className="cw-error-fallback__link" href="/">
          Go to the start page
        </a>
      </div>
    </div>
  );
}
