/** React DOM's client, evaluated on the first call (load-renderer.cjs). */
export function loadRenderer(): typeof import('react-dom/client');
