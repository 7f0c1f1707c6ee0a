// oxlint for code smells and React's rules (.oxlintrc.json; a warning fails), plus the import rules docs/architecture.md
// sets (checked by dependency-cruiser in lint-deps.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkImports } from './lint-deps.mjs';
import { checkFunctionLength } from './long-functions.mjs';
import { checkMigrationsFolder } from './migration-rules.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let failed = false;

const ox = spawnSync(
  'npx',
  [
    'oxlint',
    '--config',
    '.oxlintrc.json',
    '--deny-warnings',
    'apps/server/src',
    'apps/server/test',
    'apps/web/src',
    'apps/web/e2e',
    'packages/contract/src',
    'scripts',
    'bench',
  ],
  { cwd: root, stdio: 'inherit' },
);
if (ox.status !== 0) failed = true;

const walk = (dir) =>
  readdirSync(dir).flatMap((n) => {
    const p = path.join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(n) ? [p] : [];
  });

// Import cycles and the layers (server: modules above lib/plugins/db, routes without queries; web: app → features →
// components/lib, features apart; contract browser-safe), dynamic import() included: .dependency-cruiser.cjs.
if (!checkImports()) failed = true;

// A function over 150 lines does several things: split it into named pieces (scripts/long-functions.mjs).
if (!checkFunctionLength()) failed = true;

// One layout for every file (docs/decisions/019-formatter.md): `npm run format` fixes what this refuses.
const fmt = spawnSync('npx', ['prettier', '--check', '--log-level', 'warn', '.'], { cwd: root, stdio: 'inherit' });
if (fmt.status !== 0) {
  console.error('Formatting differs from Prettier: run `npm run format`');
  failed = true;
}

// The server reads its environment through the config schema only (config/config.ts), so .env.example can list it all.
for (const file of walk(path.join(root, 'apps/server/src'))) {
  if (file.endsWith('.test.ts') || file.endsWith(path.join('config', 'config.ts'))) continue;
  if (/process\.env\s*[.[]/.test(readFileSync(file, 'utf8'))) {
    console.error(
      `${path.relative(root, file)}: reads process.env; add the variable to config/config.ts and read it from the config`,
    );
    failed = true;
  }
}
// An import climbing three or more folders hides where it lands: the server's tests reach apps/server/test through
// `#test/…` (the "imports" of apps/server/package.json), the web its sources through `@/…`, both the contract as
// `@pxl/contract/…`.
const CLIMB = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bvi\.mock\s*\(\s*)(['"])((?:\.\.\/){3,}[^'"]*)\1/gm;
const checkClimbs = () => {
  const listed = spawnSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', 'apps/server', 'apps/web'],
    {
      cwd: root,
      encoding: 'utf8',
    },
  );
  let found = false;
  for (const file of listed.stdout.split('\n').filter((f) => /\.(ts|tsx|mts|mjs|js)$/.test(f))) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    } // deleted but not yet staged
    for (const m of text.matchAll(CLIMB)) {
      const line = text.slice(0, m.index).split('\n').length;
      console.error(
        `${file}:${line}: imports '${m[2]}', three or more folders up; use #test/… (server tests), @/… (web) or @pxl/contract/…`,
      );
      found = true;
    }
  }
  return found;
};
if (checkClimbs()) failed = true;

// Comments and docs cite the repository's own files (docs/product/…, docs/decisions/…), never documents or issue
// numbers a reader of the repository cannot open. This script is the only file allowed to spell those forms out.
const OUTSIDE_REFERENCE = new RegExp(
  [
    String.raw`(?<!docs/)\bproduct\.md`,
    String.raw`(?<!docs/)\barchitecture\.md`,
    String.raw`\bspec\.md`,
    String.raw`\.\./shared\b`,
    String.raw`\bspec ?§`,
    String.raw`(?<!RFC \d+ )§ ?\d`,
    String.raw`\bissues? ?#?\d`,
  ].join('|'),
  'i',
);
const checkOutsideReferences = () => {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = listed.stdout
    .split('\n')
    .filter(
      (f) =>
        /\.(ts|tsx|js|mjs|cjs|json|md|sql|css|html|ya?ml|sh)$|^\.ci\/|^\.env\.example$/.test(f) &&
        f !== 'package-lock.json' &&
        f !== 'scripts/lint.mjs',
    );
  let found = false;
  for (const file of files) {
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    } // deleted but not yet staged
    text.split('\n').forEach((line, i) => {
      const m = OUTSIDE_REFERENCE.exec(line);
      if (!m) return;
      console.error(
        `${file}:${i + 1}: cites "${m[0]}", outside the repository; cite docs/product/… or docs/decisions/…, or say the reason in place`,
      );
      found = true;
    });
  }
  return found;
};
if (checkOutsideReferences()) failed = true;

// Every docs/… file or folder cited in code and docs exists: a citation of a document renamed or never written sends
// the reader nowhere.
const DOC_PATH = /(?<![\w./-])docs\/(?:[\w.-]+\/)*[\w.-]+\.md\b|(?<![\w./-])docs\/(?:[\w-]+\/)+/g;
const checkDocPaths = () => {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  let found = false;
  for (const file of listed.stdout.split('\n')) {
    if (!/\.(ts|tsx|js|mjs|cjs|md|sql|css|html|ya?ml|sh)$|^\.env\.example$/.test(file)) continue;
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    } // deleted but not yet staged
    text.split('\n').forEach((line, i) => {
      for (const [cited] of line.matchAll(DOC_PATH)) {
        if (existsSync(path.join(root, cited))) continue;
        console.error(`${file}:${i + 1}: cites ${cited}, which does not exist`);
        found = true;
      }
    });
  }
  return found;
};
if (checkDocPaths()) failed = true;

// A new migration must not block clicks, postbacks or leads (docs/decisions/049-online-migrations.md).
for (const problem of checkMigrationsFolder(path.join(root, 'apps/server/src/db/migrations'))) {
  console.error(`apps/server/src/db/migrations/${problem}`);
  failed = true;
}

process.exit(failed ? 1 : 0);
