// Import rules of the repository, checked by scripts/lint-deps.mjs (run from scripts/lint.mjs).
// dependency-cruiser cannot read TypeScript 7 sources itself (it needs the TypeScript 5/6 API), so lint-deps.mjs
// strips the types of every source (type-only imports kept as imports) into .tmp/lint-deps/<pid> with the
// same layout and runs these rules there; paths below are those of the repository.
const server = '^apps/server/src/';
const testFile = '(\\.(test|fixtures)\\.tsx?|^apps/server/test/)';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move the piece both sides need into its own file below them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-module-cycles',
      severity: 'error',
      scope: 'folder',
      comment: 'Two server modules depend on each other: move the shared piece into lib/ or into one of them.',
      from: { path: `${server}modules/[^/]+$` },
      to: { path: `${server}modules/[^/]+$`, circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that does not resolve (or a mirror of lint-deps.mjs that lost a file).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'server-modules-not-to-app',
      severity: 'error',
      comment:
        'Modules get their dependencies and runtime services through their deps; app.ts, services.ts and server.ts sit above them.',
      from: { path: `${server}modules/` },
      to: { path: `${server}(app|server|services)\\.ts` },
    },
    {
      name: 'server-lower-layers-not-to-modules',
      severity: 'error',
      comment:
        'lib/, plugins/, db/, jobs/, config/ and deps.ts sit below the modules; move what they need from a module into lib/.',
      from: { path: `${server}((lib|plugins|db|jobs|config|types)/|deps\\.ts)` },
      to: { path: `${server}modules/` },
    },
    {
      name: 'server-lower-layers-not-to-app',
      severity: 'error',
      from: { path: `${server}((lib|plugins|db|jobs|config|types)/|deps\\.ts)` },
      to: { path: `${server}(app|server|services)\\.ts` },
    },
    // A module's public entry is its index.ts (docs/architecture.md, "Dependencies point one way"); its other files
    // are its own. Tests and benchmarks may also use a module's fixture builders (*.fixtures.ts); they are left out
    // of the graph above, so lint-deps.mjs checks them in a second pass with the rules named server-module-entry*.
    {
      name: 'server-module-entry',
      severity: 'error',
      comment:
        "Another module's internal file: import it from that module's index.ts (export it there if it is missing).",
      from: { path: `${server}modules/([^/]+)/`, pathNot: testFile },
      to: { path: `${server}modules/`, pathNot: `${server}modules/($1/|[^/]+/index\\.ts)` },
    },
    {
      name: 'server-module-entry-outside',
      severity: 'error',
      comment: "A module's internal file: code outside the modules imports a module only through its index.ts.",
      from: { path: '^apps/server/', pathNot: [`${server}modules/`, testFile] },
      to: { path: `${server}modules/`, pathNot: `${server}modules/[^/]+/index\\.ts` },
    },
    {
      name: 'server-module-entry-tests',
      severity: 'error',
      comment: "Another module's internal file: tests import a module through its index.ts or its *.fixtures.ts.",
      from: { path: `${server}modules/([^/]+)/[^/]+\\.(test|fixtures)\\.ts` },
      to: { path: `${server}modules/`, pathNot: `${server}modules/($1/|[^/]+/(index|[^/]+\\.fixtures)\\.ts)` },
    },
    {
      name: 'server-module-entry-tests-outside',
      severity: 'error',
      comment: "A module's internal file: tests and benchmarks import a module through its index.ts or *.fixtures.ts.",
      from: { path: `(${testFile}|^bench/)`, pathNot: `${server}modules/` },
      to: { path: `${server}modules/`, pathNot: `${server}modules/[^/]+/(index|[^/]+\\.fixtures)\\.ts` },
    },
    {
      name: 'server-routes-not-to-db',
      severity: 'error',
      comment: "Route files call services; queries live in the module's service or repository.",
      from: { path: '\\.routes\\.ts' },
      to: { path: [`${server}db/(client|schema)\\.ts`, '(^|/)node_modules/drizzle-orm/'] },
    },
    {
      name: 'web-feature-not-to-other-feature',
      severity: 'error',
      comment: 'Features never import each other: move the shared part to src/lib or src/components.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-feature-not-to-app',
      severity: 'error',
      comment: 'app/ composes the features; features never reach back up.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/(app/|main\\.tsx)' },
    },
    {
      name: 'web-shared-not-to-features-or-app',
      severity: 'error',
      comment: 'components/, lib/ and config/ sit below the features and the app.',
      from: { path: '^apps/web/src/(components|lib|config)/' },
      to: { path: '^apps/web/src/(features/|app/|main\\.tsx)' },
    },
    {
      name: 'apps-not-to-each-other',
      severity: 'error',
      comment: 'The server and the web share code only through the contract.',
      from: { path: '^apps/(web|server)/' },
      to: { path: '^apps/(web|server)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'contract-not-to-apps',
      severity: 'error',
      comment: 'The contract is shared by server and web; it depends on neither.',
      from: { path: '^packages/contract/src/' },
      to: { path: '^apps/' },
    },
    {
      name: 'contract-browser-safe',
      severity: 'error',
      comment: 'The contract runs in the browser too: no Node built-ins.',
      from: { path: '^packages/contract/src/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Tests and their fixtures are leaves that build the whole app; the rules are about the code they test.
    exclude: { path: ['(^|/)node_modules/', '\\.(test|fixtures)\\.tsx?', '^apps/server/test/'] },
    tsConfig: { fileName: 'apps/web/tsconfig.json' },
    enhancedResolveOptions: {
      // Sources are mirrored as <name>.ts.mjs / <name>.tsx.mjs, so `./x.ts` resolves to `./x.ts.mjs`.
      extensions: ['.mjs', '.ts.mjs', '.tsx.mjs', '.js'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: false } },
  },
};
