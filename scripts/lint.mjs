// oxlint for code smells, plus the layout rule ARCHITECTURE.md sets: web features never import each other.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let failed = false;

const ox = spawnSync('npx', ['oxlint', '--deny-warnings', 'apps/server/src', 'apps/server/test', 'apps/web/src', 'apps/web/e2e', 'packages/contract/src', 'scripts', 'bench'], { cwd: root, stdio: 'inherit' });
if (ox.status !== 0) failed = true;

const walk = (dir) => readdirSync(dir).flatMap((n) => {
  const p = path.join(dir, n);
  return statSync(p).isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(n) ? [p] : [];
});

const featuresDir = path.join(root, 'apps/web/src/features');
for (const file of walk(featuresDir)) {
  const own = path.relative(featuresDir, file).split(path.sep)[0];
  for (const m of readFileSync(file, 'utf8').matchAll(/from\s+['"]([^'"]+)['"]/g)) {
    const spec = m[1];
    const target = spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : spec.startsWith('@/features/') ? path.join(featuresDir, spec.slice(11)) : null;
    if (!target || !target.startsWith(featuresDir + path.sep)) continue;
    const other = path.relative(featuresDir, target).split(path.sep)[0];
    if (other !== own) {
      console.error(`${path.relative(root, file)}: feature "${own}" imports feature "${other}" (${spec}); move the shared part to src/lib or src/components`);
      failed = true;
    }
  }
}

// The contract is shared by browser and server: it must not reach for Node APIs.
for (const file of walk(path.join(root, 'packages/contract/src'))) {
  if (/from\s+['"]node:/.test(readFileSync(file, 'utf8')) && !file.endsWith('.test.ts')) {
    console.error(`${path.relative(root, file)}: the contract must stay browser-safe (imports node:)`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
