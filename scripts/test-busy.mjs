// `npm run test:busy`: `npm test` (same arguments) while CPU burners keep cores busy for its whole length, as on a
// shared CI machine. BURNERS sets how many (default 2). A test that fails only here decides on speed, not state.
import { spawn } from 'node:child_process';

const count = Number(process.env.BURNERS ?? 2);
const burners = Array.from({ length: count }, () =>
  spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
);
const stop = () => burners.forEach((b) => b.kill('SIGKILL'));
process.on('exit', stop);
console.log(`[test:busy] ${count} CPU burners running`);
const test = spawn(process.execPath, ['scripts/test.mjs', ...process.argv.slice(2)], { stdio: 'inherit' });
test.on('exit', (code, signal) => {
  stop();
  process.exit(code ?? (signal ? 1 : 0));
});
