// Import cycles and layer rules (.dependency-cruiser.cjs), checked by dependency-cruiser.
// dependency-cruiser reads TypeScript only through the TypeScript 5/6 compiler API, which TypeScript 7 no longer ships,
// so each source is stripped to JavaScript by esbuild into a mirror with the same layout (x.ts -> x.ts.mjs), keeping
// type-only imports as plain imports: a type import is a dependency too.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// One mirror per run: two lint runs at once (several people in one checkout) must not rebuild each other's.
const mirror = path.join(root, '.tmp/lint-deps', String(process.pid));
const sourceDirs = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
// Followed from the sources (server tests import the harness) but not checked as a starting point.
const followedDirs = ['apps/server/test'];
// Tests, fixtures and benchmarks stay out of the graph (.dependency-cruiser.cjs excludes them); a second pass reads
// only their own imports against the rules of the server modules' public entries (server-module-entry*).
const entryOnlyDirs = ['bench'];
const ENTRY_ONLY = '(apps/server/test/|bench/|.*\\.(test|fixtures)\\.ts)';
const isEntryOnly = (rel) => new RegExp(`^${ENTRY_ONLY}`).test(rel);
// Fewer modules than this means nothing real was read (an empty or broken mirror), whatever the sources say.
const MIN_MODULES = 100;

const listSources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listSources(p);
    return /\.(tsx?|css)$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });

// `import type` / `export type {…} from` become plain imports so esbuild (verbatimModuleSyntax) keeps them.
const keepTypeImports = (code) =>
  code
    .replace(/(^|;)(\s*import\s+)type\s+(?=[\w{*])(?!from\b)/gm, '$1$2')
    .replace(/(^|;)(\s*export\s+)type\s+(?=(\{[^}]*\}|\*)\s*from\s)/gm, '$1$2');

const writeMirrorFile = (rel, text) => {
  const target = path.join(mirror, rel);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, text);
};

/** Writes the mirror; returns the mirrored names of the TypeScript sources dependency-cruiser starts from. */
export function buildMirror() {
  rmSync(mirror, { recursive: true, force: true });
  const starts = [];
  for (const dir of [...sourceDirs, ...followedDirs, ...entryOnlyDirs]) {
    for (const file of listSources(path.join(root, dir))) {
      const rel = path.relative(root, file);
      if (file.endsWith('.css')) {
        writeMirrorFile(rel, '');
        continue;
      }
      if (sourceDirs.includes(dir)) starts.push(`${rel}.mjs`);
      const { code } = transformSync(keepTypeImports(readFileSync(file, 'utf8')), {
        loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
        format: 'esm',
        sourcefile: rel,
        tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
      });
      writeMirrorFile(`${rel}.mjs`, code);
    }
  }
  // The web's `@/` alias comes from its tsconfig; the paths plugin resolves them from the working directory (the
  // mirror's root), so they are rebased onto it.
  const web = JSON.parse(readFileSync(path.join(root, 'apps/web/tsconfig.json'), 'utf8'));
  const paths = Object.fromEntries(
    Object.entries(web.compilerOptions?.paths ?? {}).map(([alias, targets]) => [
      alias,
      targets.map((t) => `./${path.posix.join('apps/web', t)}`),
    ]),
  );
  writeMirrorFile('apps/web/tsconfig.json', JSON.stringify({ compilerOptions: { paths } }));
  const contract = JSON.parse(readFileSync(path.join(root, 'packages/contract/package.json'), 'utf8'));
  contract.exports = { '.': './src/index.ts.mjs', './*': './src/*.ts.mjs' };
  writeMirrorFile('packages/contract/package.json', JSON.stringify(contract));
  // The server's subpath imports (`#test/harness.ts`) point at the mirror's names too.
  const server = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const imports = Object.fromEntries(Object.entries(server.imports ?? {}).map(([key, to]) => [key, `${to}.mjs`]));
  writeMirrorFile('apps/server/package.json', JSON.stringify({ name: server.name, type: 'module', imports }));
  mkdirSync(path.join(mirror, 'node_modules/@pxl'), { recursive: true });
  symlinkSync('../../packages/contract', path.join(mirror, 'node_modules/@pxl/contract'), 'dir');
  return starts;
}

/** The mirrored names of the files checked only in the second pass that are not among the sources. */
const entryOnlyStarts = () =>
  [...followedDirs, ...entryOnlyDirs].flatMap((dir) =>
    listSources(path.join(root, dir))
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => `${path.relative(root, f)}.mjs`),
  );

/**
 * How many modules dependency-cruiser must at least have read: every source it starts from, less what the config
 * excludes (tests, fixtures), and never under MIN_MODULES.
 */
export function expectedModules(starts) {
  const require = createRequire(import.meta.url);
  const exclude = require(path.join(root, '.dependency-cruiser.cjs')).options.exclude.path.map((p) => new RegExp(p));
  return Math.max(MIN_MODULES, starts.filter((f) => !exclude.some((r) => r.test(f))).length);
}

/** The module count of dependency-cruiser's summary line ("… 1027 modules, 4223 dependencies cruised"), or null. */
export const cruisedModules = (output) => {
  const m = /(\d+) modules, \d+ dependencies cruised/.exec(output);
  return m ? Number(m[1]) : null;
};

const bin = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

/** One dependency-cruiser run over the mirror; true when it found no violation and read at least `expected` modules. */
function cruise(config, args, expected) {
  const run = spawnSync(process.execPath, [bin, '--config', config, '--output-type', 'err', ...args], {
    cwd: mirror,
    encoding: 'utf8',
  });
  // Report the repository's file names, not the mirror's.
  const out = `${run.stdout}${run.stderr}`.replace(/\.(tsx?)\.mjs\b/g, '.$1');
  if (out.trim()) console.log(out.trimEnd());
  // "No violations" over a mirror that lost its files would pass while checking nothing.
  const cruised = cruisedModules(out);
  if (cruised === null || cruised < expected) {
    console.error(
      `dependency-cruiser read ${cruised ?? 'an unknown number of'} modules, fewer than the ${expected} it starts from: the import check proves nothing`,
    );
    return false;
  }
  return run.status === 0;
}

/**
 * The second pass: tests, fixtures and benchmarks against the module-entry rules only, following their imports up to
 * the first file that is none of them (maxDepth would skip a starting point already reached from another one).
 */
function checkEntryOnly(starts) {
  const config = path.join(mirror, 'entry-rules.cjs');
  const base = JSON.stringify(path.join(root, '.dependency-cruiser.cjs'));
  writeFileSync(
    config,
    `const base = require(${base});
module.exports = {
  forbidden: base.forbidden.filter((r) => r.name.startsWith('server-module-entry')),
  options: {
    ...base.options,
    exclude: { path: '(^|/)node_modules/' },
    doNotFollow: { path: ['node_modules', ${JSON.stringify(`^(?!${ENTRY_ONLY})`)}] },
  },
};
`,
  );
  return cruise(config, starts, starts.length);
}

export function checkImports() {
  const starts = buildMirror();
  const entryOnly = starts.concat(entryOnlyStarts()).filter((f) => isEntryOnly(f.replace(/\.mjs$/, '')));
  try {
    const main = cruise(path.join(root, '.dependency-cruiser.cjs'), sourceDirs, expectedModules(starts));
    return checkEntryOnly(entryOnly) && main;
  } finally {
    rmSync(mirror, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(checkImports() ? 0 : 1);
