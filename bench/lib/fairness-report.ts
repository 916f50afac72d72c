// The fairness benchmark's figures (bench/fairness.ts) as the report shows them (bench.ts adds
// them to results/latest.md when a run of the same scale is saved beside it).
import fs from 'node:fs';
import path from 'node:path';
import { fmt } from './stats.ts';
import { MISSED_GOAL } from './findings.ts';

/** Goal: the legitimate list's p95 under the heavy clients within this many times its p95 alone. */
export const FAIRNESS_GOAL = 2;

interface Latency {
  samples: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface FairnessMode {
  mode: 'development' | 'production';
  /** What the heavy clients send. */
  heavyRequests: string;
  alone: Latency;
  loaded: Latency;
  /** loaded.p95 ÷ alone.p95 */
  ratio: number;
  /** The heavy clients' requests: answered, refused by status and code, ms of the answered. */
  heavy: { answered: number; refused: Record<string, number>; p50: number; p95: number };
}

export interface FairnessRun {
  scale: number;
  commit: string;
  date: string;
  /** The machine measured (machine.ts); runs before 2026-12-06 lack it. */
  machine?: string;
  durationSeconds: number;
  /** The server's heavy budget (config.ts defaults) and its light pool. */
  budget: {
    slots: number;
    poolSize: number;
    queueSize: number;
    waitMs: number;
    lightPoolSize: number;
  };
  modes: FairnessMode[];
}

export function fairnessRunFile(dir: string, scale: number) {
  return path.join(dir, `fairness-scale-${scale}.json`);
}

export function readFairnessRun(dir: string, scale: number): FairnessRun | undefined {
  const file = fairnessRunFile(dir, scale);
  return fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as FairnessRun)
    : undefined;
}

/** The fairness table, the goal and what meets it, and the closing figure (the worse mode). */
export function renderFairnessSection(run: FairnessRun): { section: string[]; lines: string[] } {
  const worst = Math.max(...run.modes.map((mode) => mode.ratio));
  const b = run.budget;
  const section = [
    '### Fairness: a list under heavy clients',
    '',
    `\`npm run bench:fairness -- --scale ${run.scale}\` at ${run.commit}, ${run.date.slice(0, 10)}` +
      `${run.machine ? `, on ${run.machine}` : ''}: ` +
      "the accountant's 25-row invoice list (the screen's own document), one request at a time " +
      `for ${run.durationSeconds} s, alone and while four heavy clients (viewer ×2, manager ×2, ` +
      'each in its own thread, one request at a time) loop; latency measured by the client. ' +
      `Heavy budget: ${b.slots} at once (one per account while others wait), their own pool of ` +
      `${b.poolSize} connections (light requests: ${b.lightPoolSize}), a queue of ${b.queueSize} ` +
      `with a ${fmt(b.waitMs / 1000)} s deadline (docs/operations.md "Heavy operations").`,
    '',
    '| mode | heavy clients send | list p50 / p95 ms alone | p50 / p95 under heavy | ratio (p95) | goal | met | heavy answered (p50 ms) | heavy refused |',
    '| --- | --- | ---: | ---: | ---: | --- | --- | ---: | --- |',
    ...run.modes.map((mode) => {
      const refused = Object.entries(mode.heavy.refused)
        .map(([key, count]) => `${count} × ${key}`)
        .join(', ');
      return (
        `| ${mode.mode} | ${mode.heavyRequests} | ${fmt(mode.alone.p50, 1)} / ${fmt(mode.alone.p95, 1)} | ` +
        `${fmt(mode.loaded.p50, 1)} / ${fmt(mode.loaded.p95, 1)} | **${fmt(mode.ratio, 2)}** | ` +
        `≤ ${FAIRNESS_GOAL} | ${mode.ratio <= FAIRNESS_GOAL ? 'yes' : '**no**'} | ` +
        `${mode.heavy.answered} (${fmt(mode.heavy.p50)}) | ${refused || 'none'} |`
      );
    }),
    '',
    ...(worst > FAIRNESS_GOAL ? [MISSED_GOAL, ''] : []),
  ];
  return { section, lines: [`fairness ratio: ${worst.toFixed(2)}`] };
}
