// The layering of docs/decisions/024-layers-the-tools-enforce.md, checked by `npm run lint:deps`
// (and in CI after the lint step). Each rule's comment is what a failing import prints, so it says
// what the rule protects and where the code should go instead.

const path = require('node:path');

const WEB = '^apps/web/src/';
const API = '^apps/api/src/';
// Tables and queries: the db package's runtime exports and drizzle-orm itself. `import type` of the
// db handle is fine anywhere (a route passes `app.database.db` on to a service).
const DATABASE = ['^packages/db/src/', '^node_modules/drizzle-orm/'];

module.exports = {
  forbidden: [
    // ---- web: shared (components, lib) → features → app ----
    {
      name: 'web-features-stay-apart',
      severity: 'error',
      comment:
        'A web feature imports another feature only through its public index (features/<f>/index.ts). ' +
        'Move a piece both need to components/ or lib/ (or packages/shared for a pure rule), or export ' +
        "it from the owning feature's index.ts.",
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/index\\.tsx?$`],
      },
    },
    {
      name: 'web-shared-imports-no-feature',
      severity: 'error',
      comment:
        'components/ and lib/ are shared by every feature, so they import no feature: take what they ' +
        'need as props, or move the piece into components/ or lib/.',
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}features/` },
    },
    {
      name: 'web-only-app-imports-app',
      severity: 'error',
      comment:
        'app/ is the top (routes, store, providers): features, components/ and lib/ do not import it. ' +
        'Tests may: a page test renders its page inside the app (its store, the admin route).',
      from: { path: `${WEB}(features|components|lib)/`, pathNot: '\\.test\\.tsx?$' },
      to: { path: `${WEB}app/` },
    },

    // ---- api: routes → services → db ----
    {
      name: 'api-only-services-touch-the-database',
      severity: 'error',
      comment:
        'Only services (and the engine) query the database: a route validates, authorises and calls a ' +
        'service (services/<domain>/<verb-noun>.ts). `import type` of the db handle is fine. The few ' +
        'other files allowed are listed in docs/decisions/024 with the reason for each.',
      from: {
        path: API,
        pathNot: [
          `${API}services/`,
          `${API}engine/`,
          // Composition roots: open, migrate and seed the database.
          `${API}(app|server|cli|openapi-document)\\.ts$`,
          // Infrastructure that owns its one table: leader election, login attempt counters, the job queue.
          `${API}lib/(advisory-leader|attempt-counter|job-queue)\\.ts$`,
          // Every request's session check (a user row and revoked tokens) runs before any route.
          `${API}plugins/authentication\\.ts$`,
          // Adapters whose "remote side" is our own database: the dev outbox and the paper broker.
          `${API}providers/(mail/mailer|sms/sms-sender|broker/paper-broker)\\.ts$`,
          // Uses only the id generator `newId`.
          `${API}providers/payments/local-payment-provider\\.ts$`,
        ],
      },
      to: { path: DATABASE, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'api-engine-imports-no-service',
      severity: 'error',
      comment:
        'The engine sits below the services (services call it): it imports none. What it needs of one ' +
        '(storing and announcing notifications) is a port in EngineOptions that app.ts wires.',
      from: { path: `${API}engine/` },
      to: { path: `${API}services/` },
    },
    {
      name: 'api-routes-are-leaves',
      severity: 'error',
      comment:
        'Only app.ts registers routes; services, the engine, plugins and providers do not import them.',
      from: { path: API, pathNot: [`${API}routes/`, `${API}app\\.ts$`] },
      to: { path: `${API}routes/` },
    },

    // ---- workspaces ----
    {
      name: 'shared-package-is-pure',
      severity: 'error',
      comment:
        'packages/shared runs in the browser too: it imports neither the apps, the db package nor drizzle-orm.',
      from: { path: '^packages/shared/' },
      to: { path: ['^apps/', ...DATABASE] },
    },
    {
      name: 'web-imports-no-server-code',
      severity: 'error',
      comment:
        'The web app reaches the server over HTTP only: no imports from apps/api, packages/db or drizzle-orm.',
      from: {
        path: '^apps/web/',
        // These two run the server's inline head script (apps/api/src/plugins/prerender-head.ts) in
        // the browser they test, so the script and the app that reads it cannot drift apart.
        pathNot: '^apps/web/src/app/(head-script|start-app)\\.test\\.tsx?$',
      },
      to: { path: ['^apps/api/', ...DATABASE] },
    },
    {
      name: 'db-package-imports-no-app',
      severity: 'error',
      comment: 'packages/db is below both apps: it imports no app code.',
      from: { path: '^packages/db/' },
      to: { path: '^apps/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'This import does not resolve to a file or an installed package (a typo, or a missing dependency).',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '^apps/web/src/app/load-renderer\\.cjs$'] },
    // The web's `@/` path, restated from the root: dependency-cruiser's paths plugin resolves `paths`
    // from the working folder when there is no `baseUrl` (which TypeScript 6 deprecates), so
    // apps/web/tsconfig.json's own `./src/*` would miss. An alias missing there fails as unresolvable.
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.depcruise.json') },
    // Type-only imports are seen (and told apart), so `import type` from the db package is allowed.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
