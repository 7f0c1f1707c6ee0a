// Cost of scoring one click on the click path: the data-centre lookup, the user-agent check and the velocity
// counter, with the score made from their reasons. Run: node --import tsx bench/fraud-score.ts
// It prints the median of five rounds and their spread; figures worth keeping go to bench/RESULTS.md.
import { DEFAULT_FRAUD_SETTINGS } from '@pxl/contract';
import {
  botAgentReason,
  datacenterIpReason,
  ipVelocityReason,
  loadDatacenterRanges,
  VelocityCounter,
  verdictOf,
} from '../apps/server/src/modules/fraud/index.ts';

const CLICKS = Number(process.env.BENCH_CLICKS ?? 200_000);
const ROUNDS = 5;
const { weights, thresholds } = DEFAULT_FRAUD_SETTINGS;

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/124.0.0.0 Safari/537.36',
];

// A deterministic spread of IPv4 (nine in ten) and IPv6 addresses over the whole space, so lookups are not cached.
let seed = 42;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) >>> 0) / 2 ** 32;
const ipv4 = () => [0, 0, 0, 0].map(() => Math.floor(rand() * 256)).join('.');
const ipv6 = () =>
  `2a0${Math.floor(rand() * 10)}:${Math.floor(rand() * 65536).toString(16)}:${Math.floor(rand() * 65536).toString(16)}::1`;
const ips = Array.from({ length: 50_000 }, (_, i) => (i % 10 === 9 ? ipv6() : ipv4()));

const t0 = performance.now();
await loadDatacenterRanges();
const loadMs = performance.now() - t0;

function round(): number {
  const velocity = new VelocityCounter();
  let flagged = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < CLICKS; i++) {
    const ip = ips[i % ips.length]!;
    const verdict = verdictOf(
      [
        datacenterIpReason(ip, 'click', weights),
        botAgentReason(AGENTS[i % AGENTS.length]!, weights),
        ipVelocityReason(velocity.hit(ip, `offer-${i % 20}`, `aff-${i % 50}`), thresholds, weights),
      ].filter((r) => r !== null),
    );
    if (verdict.fraud_score > 0) flagged++;
  }
  const ns = Number(process.hrtime.bigint() - start) / CLICKS;
  if (flagged === 0) throw new Error('nothing flagged: the bench is not exercising the signals');
  return ns;
}

round(); // warm-up: JIT and isbot's pattern
const rounds = Array.from({ length: ROUNDS }, round).sort((a, b) => a - b);
const us = (ns: number) => (ns / 1000).toFixed(2);
console.log(`dataset load: ${loadMs.toFixed(0)} ms (once per process)`);
console.log(
  `per scored click (lookup + agent + velocity + score): median ${us(rounds[2]!)} µs, range ${us(rounds[0]!)}–${us(rounds[4]!)} µs over ${ROUNDS} rounds of ${CLICKS} clicks`,
);
console.log(`heap after: ${(process.memoryUsage().heapUsed / 1e6).toFixed(0)} MB`);
