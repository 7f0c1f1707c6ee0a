// `npm test`: everything that proves the project, in order, ending with one line "N passed, N failed".
// Tests are counted one by one; typecheck, lint, migration drift and the build count as one check each.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const only = process.argv.slice(2);
const wanted = (stage) => only.length === 0 || only.includes(stage);

let passed = 0;
let failed = 0;
const summary = [];

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, {
    cwd: root,
    stdio: opts.capture ? 'pipe' : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...opts.env },
  });
  if (opts.capture) process.stdout.write((r.stdout ?? '') + (r.stderr ?? ''));
  return r;
};
const check = (name, ok) => {
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name}`);
};
const stage = (name) => console.log(`\n=== ${name} ===`);
// CI shows only the tail of the output, so the failures are repeated there, one line each.
const failures = [];
const firstLine = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 240);

if (wanted('typecheck')) {
  stage('typecheck');
  check('typecheck', run('npm', ['run', '-s', 'typecheck']).status === 0);
}
if (wanted('lint')) {
  stage('lint');
  check('lint', run('node', ['scripts/lint.mjs']).status === 0);
}
if (wanted('migrations')) {
  stage('migrations match the schema');
  const r = run('npx', ['drizzle-kit', 'generate', '--config', 'apps/server/drizzle.config.ts'], { capture: true });
  const ok = r.status === 0 && /No schema changes/.test((r.stdout ?? '') + (r.stderr ?? ''));
  if (!ok) console.error('The schema changed without a migration: run `npm run db:generate` and commit the new file.');
  check('migrations', ok);
}
if (wanted('unit')) {
  stage('unit and server tests (vitest, embedded PostgreSQL)');
  const out = path.join(tmp, 'vitest.json');
  rmSync(out, { force: true });
  run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    for (const file of r.testResults) {
      const name = path.relative(root, file.name);
      for (const t of file.assertionResults) {
        if (t.status === 'failed')
          failures.push(`vitest ${name} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
      }
      if (file.status === 'failed' && file.message) failures.push(`vitest ${name}: ${firstLine(file.message)}`);
    }
    passed += r.numPassedTests;
    // A file that fails to load has no failed tests of its own but must still fail the run.
    failed += r.numFailedTests + (r.numFailedTestSuites > 0 && r.numFailedTests === 0 ? 1 : 0);
    summary.push(
      `${r.numFailedTests || r.numFailedTestSuites ? 'FAIL' : 'ok  '} vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numFailedTestSuites} failed files`,
    );
  } else check('vitest produced no report', false);
}
const webBuilt = () => existsSync(path.join(root, 'apps/web/dist/index.html'));
if (wanted('build')) {
  stage('production build');
  check('build', run('npm', ['run', 'build']).status === 0 && webBuilt());
}
if (wanted('e2e')) {
  stage('browser tests (Chromium)');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium) && process.getuid?.() === 0) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    run('sh', [
      '-c',
      'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null',
    ]);
  }
  if (!existsSync(chromium)) {
    console.error(
      `No Chromium at ${chromium}. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH).`,
    );
    check('e2e: chromium available', false);
  } else if (!webBuilt()) {
    check('e2e: web app built', false);
  } else {
    const out = path.join(tmp, 'playwright.json');
    rmSync(out, { force: true });
    run('npx', ['playwright', 'test', '-c', 'apps/web/e2e/playwright.config.ts', '--reporter=list,json'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
    });
    if (existsSync(out)) {
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const { stats } = report;
      const walk = (suite, trail) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status !== 'unexpected') continue;
            const error = t.results?.at(-1)?.error?.message;
            failures.push(
              `playwright ${spec.file}:${spec.line} › ${[...trail, spec.title].join(' › ')}: ${firstLine(error)}`,
            );
          }
        }
        for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
      };
      for (const suite of report.suites ?? []) walk(suite, []);
      passed += stats.expected + (stats.flaky ?? 0);
      failed += stats.unexpected;
      summary.push(
        `${stats.unexpected ? 'FAIL' : 'ok  '} playwright: ${stats.expected} passed, ${stats.unexpected} failed, ${stats.flaky ?? 0} flaky, ${stats.skipped} skipped`,
      );
      if (stats.expected + stats.unexpected === 0) check('e2e ran no test', false);
    } else check('playwright produced no report', false);
  }
}

if (failures.length > 0) console.log(`\nFailures:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${summary.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
