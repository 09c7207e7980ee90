/**
 * React DOM's client, evaluated when first asked for rather than with the entry.
 *
 * React DOM is most of the entry's script, and the bundler wraps a CommonJS module like it in a
 * function it calls at the first `require`. An ES import of it is that call at the entry's start, one
 * long task with the app's own modules; a `require` inside a function defers it to the call, so
 * start-app.tsx can evaluate it in a task of its own (ADR 021, stop 38), with no chunk of its own
 * (a separate chunk costs the public pages ~0.6 KB gzipped against their 100 KB budget).
 * `vite dev` serves sources as ES modules: vite.config.ts gives it an ES version of this file.
 */
exports.loadRenderer = () => require('react-dom/client');
