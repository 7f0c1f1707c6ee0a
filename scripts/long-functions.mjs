// Functions longer than MAX_LINES lines (the whole function, signature to closing brace; arrow functions and
// components included) in the sources of both apps and the contract. A function that long does several things and is
// split into named pieces (docs/decisions/041-lint-react-rules-and-function-length.md). Tests are left out; so is seed
// data, whose length is rows of data, not logic, and which is listed in SEED_DATA.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync } from 'oxc-parser';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MAX_LINES = 150;
const DIRS = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];
const SKIP = /\.(test|fixtures)\.tsx?$|\.d\.ts$|^apps\/server\/src\/db\/migrations\//;
/** Seed data allowed past the limit, as `file:function`. */
const SEED_DATA = new Set(['apps/server/src/seed/demo-cold.ts:seedDemoCold']);

const FUNCTION = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

/** The name a reader finds the function by: its own, its variable's, its property's or method's, else `(anonymous)`. */
const nameOf = (node, parent) => {
  if (node.id?.name) return node.id.name;
  if (parent?.type === 'VariableDeclarator' && parent.id?.type === 'Identifier') return parent.id.name;
  if ((parent?.type === 'Property' || parent?.type === 'MethodDefinition') && parent.key?.name) return parent.key.name;
  return '(anonymous)';
};

/** Every function of one source longer than `max` lines: {name, line, lines}. */
export function longFunctions(file, code, max = MAX_LINES) {
  const { program, errors } = parseSync(file, code);
  if (errors.length) throw new Error(`${file}: ${errors[0].message}`);
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const found = [];
  const visit = (node, parent) => {
    if (FUNCTION.has(node.type)) {
      const line = lineOf(node.start);
      const lines = lineOf(node.end - 1) - line + 1;
      if (lines > max) found.push({ name: nameOf(node, parent), line, lines });
    }
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) {
        for (const child of value) if (child && typeof child.type === 'string') visit(child, node);
      } else if (value && typeof value.type === 'string') visit(value, node);
    }
  };
  visit(program, null);
  return found;
}

/** The long functions of the checked sources (git's list, so ignored and untracked-ignored files stay out). */
export function checkFunctionLength() {
  const listed = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', ...DIRS], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = listed.stdout.split('\n').filter((f) => /\.(ts|tsx)$/.test(f) && !SKIP.test(f));
  let ok = true;
  for (const file of files) {
    let code;
    try {
      code = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue;
    } // deleted but not yet staged
    for (const f of longFunctions(file, code)) {
      if (SEED_DATA.has(`${file}:${f.name}`)) continue;
      console.error(`${file}:${f.line}: ${f.name} is ${f.lines} lines, over ${MAX_LINES}; split it into named pieces`);
      ok = false;
    }
  }
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exit(checkFunctionLength() ? 0 : 1);
