// npm run bench:growth -- [--from 1] [--to 10] [--rounds n] [--list-duration s]
//                         [--large-dir data/bench10] [--large-port 5438] [--out file]
// "Flat at ten times the data" measured in one run: the benchmark's cluster (data of scale
// `--from`, BENCH_DATA_DIR / BENCH_PG_PORT) and a second one (data of scale `--to`, in
// `--large-dir` on `--large-port`) both up, a benchmark server on each, and every list screen of
// `bench` measured as every account at both scales in turn. Two `bench` runs an hour apart differ
// by a third on a shared host; here the machine's pace is the same for both scales. The next
// `npm run bench -- --scale <from>` reports the comparison ("Flat at scale <to>").
import '../server/src/env.ts';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { log, numberOption } from './lib/cli.ts';
import { BENCH_PLACE, openBenchCluster, type BenchCluster } from './lib/cluster.ts';
import { commitOf } from './lib/commit.ts';
import { pairedRunFile, screensRunOf, type PairedGrowthRun } from './lib/growth-report.ts';
import {
  listCases,
  listRun,
  measureListRound,
  renewTokens,
  signInAll,
  type ListCase,
} from './lib/list-latency.ts';
import { checkData, prepareRoles, startServer } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    from: { type: 'string', default: '1' },
    to: { type: 'string', default: '10' },
    rounds: { type: 'string' },
    'list-duration': { type: 'string' },
    'large-dir': { type: 'string', default: 'data/bench10' },
    'large-port': { type: 'string', default: '5438' },
    out: { type: 'string' },
  },
  strict: true,
});
const from = numberOption(values.from, 'from', 1);
const to = numberOption(values.to, 'to', 10);
if (!(to > from)) throw new Error(`--to (${to}) must be larger than --from (${from})`);
// Full runs measure long enough for stable medians, as `bench` does; small scales only check
// that everything works (CI).
const full = from >= 0.5;
const rounds = Math.round(numberOption(values.rounds, 'rounds', full ? 3 : 1));
const listDuration = Math.round(
  numberOption(values['list-duration'], 'list-duration', full ? 4 : 1),
);
const large = {
  dir: path.resolve(values['large-dir']!),
  port: Math.round(numberOption(values['large-port'], 'large-port', 5438)),
};
if (large.dir === BENCH_PLACE.dir || large.port === BENCH_PLACE.port) {
  throw new Error(
    `--large-dir and --large-port must name another cluster than the benchmark's ` +
      `(${BENCH_PLACE.dir} on ${BENCH_PLACE.port})`,
  );
}
const outFile = path.resolve(values.out ?? pairedRunFile('bench/results', from, to));

/** A benchmark server on `cluster`, its data checked to be of `scale`, and its list cases. */
async function startSide(cluster: BenchCluster, scale: number) {
  await checkData(cluster, scale);
  await prepareRoles(cluster);
  const server = await startServer(cluster);
  const cases = await listCases(server.base, await signInAll(server.base));
  return { scale, ...server, cases, all: [...cases.lists, ...cases.info] };
}

const stops: (() => Promise<void>)[] = [];
try {
  const smallCluster = await openBenchCluster(log);
  stops.push(smallCluster.stop);
  const largeCluster = await openBenchCluster(log, large);
  stops.push(largeCluster.stop);
  const small = await startSide(smallCluster, from);
  stops.push(small.stop);
  const big = await startSide(largeCluster, to);
  stops.push(big.stop);
  const labels = (cases: ListCase[]) => cases.map((item) => item.target.label).join(',');
  if (labels(small.all) !== labels(big.all)) {
    throw new Error('the two scales do not have the same lists (the demo accounts differ)');
  }
  log(
    `Lists at scale ${from} and ${to} in turn: ${small.all.length} requests, ${rounds} rounds of ` +
      `${listDuration} s at each scale`,
  );
  // Read before this run writes its own results (which would count as changes to the checkout).
  const commit = commitOf();
  for (let round = 0; round < rounds; round++) {
    await renewTokens(small.base, small.all);
    await renewTokens(big.base, big.all);
    for (const [i, item] of small.all.entries()) {
      const pair = [
        { side: small, item },
        { side: big, item: big.all[i]! },
      ];
      // Neither scale always goes first (the first of a pair may find the caches of the other).
      if ((round + i) % 2 === 1) pair.reverse();
      for (const { side, item: measured } of pair) {
        await measureListRound(side.base, measured, {
          warmup: round === 0 && full ? 2 : 1,
          duration: listDuration,
          where: `scale ${side.scale} `,
        });
      }
    }
  }
  const runOf = (s: typeof small) =>
    screensRunOf(s.scale, commit, s.cases.lists.map(listRun), s.cases.info.map(listRun));
  const run: PairedGrowthRun = { from: runOf(small), to: runOf(big), rounds, listDuration };
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(outFile, `${JSON.stringify(run, null, 2)}\n`);
  log(`Written to ${path.relative(process.cwd(), outFile)}`);
} finally {
  for (const stop of stops.reverse()) await stop();
}
