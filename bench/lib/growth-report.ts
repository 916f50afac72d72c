// "Flat at ten times the data" (issue 31 item 3): each list screen's p95 at scale 10 against the
// same screen and account at scale 1, from the runs saved beside the results
// (screens-scale-S.json, written by `npm run bench -- --scale S`), and how the scale-10 data was
// made (data-scale-S.json, written by `npm run bench:data`).
import fs from 'node:fs';
import path from 'node:path';
import { COUNT_CAP } from '../../server/src/graphql/plugins/capped-count.ts';
import { formatCount } from './cli.ts';
import { fmt, median } from './stats.ts';
import { MISSED_GOAL } from './findings.ts';
import { machineOf } from './machine.ts';
import type { ListRun } from './notes.ts';

/** The goal: a screen's p95 at the larger scale within 1.5 times its figure at scale 1. */
export const GROWTH_GOAL = 1.5;

export interface ScreensRun {
  scale: number;
  commit: string;
  date: string;
  /** The machine measured (machine.ts); runs before 2026-12-06 lack it. */
  machine?: string;
  lists: SavedList[];
  /** Requests measured for information (not a screen's first rows); runs before 2026-11-25 lack it. */
  info?: SavedList[];
}
interface SavedList {
  key: string;
  screen: string;
  account: string;
  totalCount: number | null;
  p95: number;
}

/** A run's list figures as saved for later comparisons (the p95 to a tenth of a millisecond). */
export function screensRunOf(
  scale: number,
  commit: string,
  lists: ListRun[],
  info: ListRun[],
): ScreensRun {
  const saved = (runs: ListRun[]) =>
    runs.map(({ key, screen, account, totalCount, p95 }) => ({
      key,
      screen,
      account,
      totalCount,
      p95: Math.round(p95 * 10) / 10,
    }));
  return {
    scale,
    commit,
    date: new Date().toISOString(),
    machine: machineOf(),
    lists: saved(lists),
    info: saved(info),
  };
}

/**
 * Both scales measured in one run (`npm run bench:growth`): each list's rounds alternate between
 * the two scales' servers, so the machine's pace, which moves by a third between hours on a shared
 * host, is the same for both.
 */
export interface PairedGrowthRun {
  from: ScreensRun;
  to: ScreensRun;
  rounds: number;
  listDuration: number;
}

export const pairedRunFile = (dir: string, from: number, to: number) =>
  path.join(dir, `growth-scale-${from}-${to}.json`);

/** Each line of the larger run against the same key and account of the smaller one. */
function compare(large: SavedList[], small: SavedList[]) {
  return large.flatMap((l) => {
    const base = small.find((s) => s.key === l.key && s.account === l.account);
    return base ? [{ ...l, base, ratio: l.p95 / base.p95 }] : [];
  });
}
const count = (value: number | null) => (value == null ? '—' : formatCount(value));

/** How far a ratio may stray from 1 before the two runs' pace is named. */
const PACE_TOLERANCE = 0.1;

/**
 * The machine's pace between the two runs: the lists whose rows are the same at both scales (the
 * subsidiaries, the roles…; counted exactly, under the count's cap) have no more data to read at
 * the larger one, so their ratio is the machine's, not the data's. On a shared two-core host it
 * moves by a third between runs an hour apart. Says so (with the worst screen's ratio divided by
 * it) when it strays from 1.
 */
function paceOf(
  rows: ReturnType<typeof compare>,
  worst: { screen: string; ratio: number },
): string | undefined {
  // A count above the cap is the same "more" at both scales, not the same rows.
  const same = rows.filter(
    (r) => r.totalCount != null && r.totalCount <= COUNT_CAP && r.totalCount === r.base.totalCount,
  );
  if (same.length < 2) return undefined;
  const pace = median(same.map((r) => r.ratio));
  if (Math.abs(pace - 1) <= PACE_TOLERANCE) return undefined;
  const names = [...new Set(same.map((r) => r.screen.toLowerCase()))].join(', ');
  return (
    `The lists with the same rows at both scales (${names}) took a median ${fmt(pace, 2)}× ` +
    "their time at the smaller scale: the machine's pace moved between the two runs, not the " +
    `data. Divided by it, the worst screen (${worst.screen}) grew ${fmt(worst.ratio / pace, 2)}×.`
  );
}

/** What `bench:data` reports of a generation. */
export interface DataRun {
  scale: number;
  seed: number;
  auditRows: number;
  seconds: number;
  databaseBytes: number;
  generatedAt: string;
}

export const dataRunFile = (dir: string, scale: number) =>
  path.join(dir, `data-scale-${scale}.json`);

function read<T>(file: string): T | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as T) : undefined;
}

/**
 * Where the runs compared were measured: figures side by side mean something only when every run
 * ran on one machine (another two-core host ran the same code about twice as slow). `compared`
 * names what the reader compares: the ratios of two runs, the columns of several.
 */
export function machinesOf(runs: ScreensRun[], compared: string): string {
  const two = runs.length === 2;
  if (runs.some((run) => !run.machine))
    return two
      ? `One run or both do not say on which machine it ran: the ${compared} assume the same one.`
      : `Some runs do not say on which machine they ran: the ${compared} assume the same one.`;
  const first = runs[0]!.machine;
  if (runs.every((run) => run.machine === first))
    return `${two ? 'Both' : 'All'} measured on ${first}.`;
  const where = runs.map((run, i) => `${run.machine} at ${i === 0 ? 'scale ' : ''}${run.scale}`);
  return (
    `**Measured on different machines** (${where.join(', ')}): the ${compared} compare the ` +
    'machines as well as the scales.'
  );
}

/** The section and the closing line, or nothing while either scale has no run. */
/**
 * The two runs compared: the paired run of `bench:growth` unless the scale runs of `bench` are
 * both newer than it (then the code has moved on since), or those two alone.
 */
function runsCompared(dir: string, from: number, to: number) {
  const small = read<ScreensRun>(path.join(dir, `screens-scale-${from}.json`));
  const large = read<ScreensRun>(path.join(dir, `screens-scale-${to}.json`));
  const paired = read<PairedGrowthRun>(pairedRunFile(dir, from, to));
  const separateNewer =
    small && large && paired && small.date > paired.to.date && large.date > paired.to.date;
  if (paired && !separateNewer) return { small: paired.from, large: paired.to, paired };
  return small && large ? { small, large } : undefined;
}

export function renderGrowthSection(dir: string, from = 1, to = 10) {
  const compared = runsCompared(dir, from, to);
  if (!compared) return undefined;
  const { small, large, paired } = compared;
  const rows = compare(large.lists, small.lists);
  if (!rows.length) return undefined;
  const info = compare(large.info ?? [], small.info ?? []);
  const worst = rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const data = read<DataRun>(dataRunFile(dir, to));
  const pace = paceOf(rows, worst);
  const section = [
    `### Flat at scale ${to}`,
    '',
    (paired
      ? `Each list screen's p95 at scale ${to} against scale ${from}, measured in one run ` +
        `(\`npm run bench:growth -- --from ${from} --to ${to}\` at ${large.commit}, ` +
        `${large.date.slice(0, 10)}): both scales' servers up side by side, each list measured ` +
        `in ${paired.rounds} rounds of ${paired.listDuration} s on one connection at each scale, ` +
        'the two scales in turn (the order swapped from one list and round to the next), its p95 ' +
        'the median of its rounds. '
      : `Each list screen's p95 at scale ${to} (\`npm run bench -- --scale ${to}\` at ` +
        `${large.commit}, ${large.date.slice(0, 10)}) against scale ${from} (at ${small.commit}, ` +
        `${small.date.slice(0, 10)}). `) +
      `Goal: within ${GROWTH_GOAL}×. ${machinesOf([small, large], 'ratios')}`,
    '',
    ...(data
      ? [
          `The data at scale ${to}: \`npm run bench:data -- --scale ${to} --audit-rows ` +
            `${data.auditRows}\` took ${fmt(data.seconds / 60, 0)} minutes and ` +
            `${fmt(data.databaseBytes / 2 ** 30, 1)} GiB (the audit trail capped at ` +
            `${formatCount(data.auditRows)} rows: it starts late, see bench/README.md).`,
          '',
        ]
      : []),
    `| screen | account | rows at ${from} | p95 ms at ${from} | rows at ${to} | p95 ms at ${to} | ratio | within ${GROWTH_GOAL}× |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | --- |',
    ...[...rows, ...info].map(
      (r) =>
        `| ${r.screen} | ${r.account} | ${count(r.base.totalCount)} | ${fmt(r.base.p95, 1)} | ` +
        `${count(r.totalCount)} | ${fmt(r.p95, 1)} | ${fmt(r.ratio, 2)} | ` +
        `${r.ratio <= GROWTH_GOAL ? 'yes' : '**no**'} |`,
    ),
    '',
    `Worst screen: ${worst.screen} as ${worst.account}, ${fmt(worst.ratio, 2)}×.` +
      (info.length
        ? ' The lines after the screens are requests measured for information (the unpaid ' +
          "view's total, which its rows do not wait for; the API's payments list), not counted " +
          'in the figure.'
        : '') +
      (worst.ratio > GROWTH_GOAL ? ` ${MISSED_GOAL}` : ''),
    ...(pace ? ['', pace] : []),
  ];
  return { section, lines: [`growth ${from}->${to}: ${worst.ratio.toFixed(2)}`] };
}
