// `node --import tsx bench/cpu-top.ts FILE.cpuprofile [N]`: where a CPU profile of a bench spent its time, by package
// or file and by function (self time), and who made the socket writes; for the profile tables of bench/RESULTS.md.
// tsx runs our TypeScript minified to one line per file: positions are mapped back to the source by transforming
// each file again the way tsx does and reading the source map.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';

type Frame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
const [file, n = '25'] = process.argv.slice(2);
const p = JSON.parse(readFileSync(file, 'utf8')) as { nodes: Node[]; samples: number[]; timeDeltas: number[] };
const byId = new Map(p.nodes.map((x) => [x.id, x]));
const parent = new Map<number, Node>();
for (const x of p.nodes) for (const c of x.children ?? []) parent.set(c, x);

const maps = new Map<string, SourceMap | null>();
const mapOf = (url: string) => {
  if (!maps.has(url)) {
    let map: SourceMap | null = null;
    try {
      const path = fileURLToPath(url);
      const out = transformSync(readFileSync(path, 'utf8'), {
        target: `node${process.versions.node}`,
        loader: 'ts',
        format: 'esm',
        sourcemap: 'external',
        sourcefile: path,
        minifyWhitespace: true,
        keepNames: true,
      });
      map = new SourceMap(JSON.parse(out.map));
    } catch {
      map = null;
    }
    maps.set(url, map);
  }
  return maps.get(url);
};
const ours = (url: string) => /\/(apps|packages|bench)\//.test(url) && !url.includes('node_modules');
const short = (url: string) => url.replace(/.*node_modules\//, 'npm:').replace(/.*\/(apps|packages|bench)\//, '$1/');
/** `name file:line`, the line of our sources where the function starts. */
const label = (f: Frame) => {
  if (!ours(f.url)) return `${f.functionName || '(anonymous)'} ${short(f.url)}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  const entry = mapOf(f.url)?.findEntry(f.lineNumber, f.columnNumber) as
    { originalLine?: number; name?: string } | undefined;
  const line = entry?.originalLine === undefined ? '?' : entry.originalLine + 1;
  return `${f.functionName || entry?.name || '(anonymous)'} ${short(f.url)}:${line}`;
};
const group = (f: Frame) => {
  const w = short(f.url);
  if (!w) return f.functionName;
  if (w.startsWith('npm:'))
    return w
      .split('/')
      .slice(0, w.startsWith('npm:@') ? 2 : 1)
      .join('/');
  return w;
};

const add = (m: Map<string, number>, k: string, t: number) => m.set(k, (m.get(k) ?? 0) + t);
const self = new Map<number, number>();
let total = 0;
p.samples.forEach((id, i) => {
  self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
  total += p.timeDeltas[i] ?? 0;
});
const files = new Map<string, number>();
const fns = new Map<string, number>();
/** Self time of code outside ours, given to the nearest function of ours that called it. */
const oursIncl = new Map<string, number>();
const writes = new Map<string, number>();
for (const [id, t] of self) {
  const x = byId.get(id)!;
  add(files, group(x.callFrame), t);
  add(fns, label(x.callFrame), t);
  let up: Node | undefined = x;
  while (up && !ours(up.callFrame.url)) up = parent.get(up.id);
  if (!['(idle)', '(program)', '(garbage collector)'].includes(x.callFrame.functionName))
    add(oursIncl, up ? label(up.callFrame) : '(outside our code)', t);
  if (['writev', 'writeBuffer', 'writeUtf8String'].includes(x.callFrame.functionName)) {
    // The first caller outside Node's stream machinery says who wrote: pg, the HTTP server or the HTTP client.
    let w = parent.get(id);
    while (w && /^(node:|$)/.test(w.callFrame.url) && w.callFrame.url !== 'node:_http_outgoing') w = parent.get(w.id);
    add(writes, w ? `${w.callFrame.functionName} ${short(w.callFrame.url)}` : '?', t);
  }
}
const top = (m: Map<string, number>, k: number) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(
      ([name, t]) => `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / total).toFixed(1).padStart(5)} %  ${name}`,
    )
    .join('\n');
console.log(`${(total / 1000).toFixed(0)} ms profiled\n-- by package or file (self)\n${top(files, Number(n))}`);
console.log(`-- by function (self)\n${top(fns, Number(n))}`);
console.log(`-- by the nearest function of ours on the stack\n${top(oursIncl, Number(n))}`);
console.log(`-- socket writes by who wrote\n${top(writes, 10)}`);
