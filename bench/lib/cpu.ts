import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * CPU time used by processes, from /proc (Linux): where the time of a request goes — the Node
 * server, PostgreSQL (all backends), the load generator. Elsewhere it reports nothing.
 */
export interface CpuSample {
  server: number;
  postgres: number;
  load: number;
}

let ticksPerSecond: number | undefined;
function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    } catch {
      ticksPerSecond = 100;
    }
    if (!Number.isFinite(ticksPerSecond) || ticksPerSecond <= 0) ticksPerSecond = 100;
  }
  return ticksPerSecond;
}

interface ProcStat {
  ppid: number;
  /** Own user + system time, in clock ticks (all threads). */
  own: number;
  /** User + system time of waited-for children, in clock ticks. */
  children: number;
}

function readStat(pid: number): ProcStat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "pid (comm)": state ppid pgrp ... utime(14) stime(15) cutime(16) cstime(17).
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(fields[1]),
      own: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    };
  } catch {
    return undefined;
  }
}

/** PostgreSQL's CPU: the postmaster, its live children and the children that have exited. */
function postgresTicks(dataDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(
      fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
    );
  } catch {
    return Number.NaN;
  }
  const root = readStat(postmaster);
  if (!root) return Number.NaN;
  let total = root.own + root.children;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat?.ppid === postmaster) total += stat.own;
  }
  return total;
}

/** A snapshot of cumulative CPU milliseconds. */
export function sampleCpu(serverPid: number | undefined, pgDataDir: string): CpuSample {
  const msPerTick = 1000 / clockTicks();
  const server = serverPid === undefined ? undefined : readStat(serverPid);
  const usage = process.cpuUsage();
  return {
    server: server ? server.own * msPerTick : Number.NaN,
    postgres: postgresTicks(pgDataDir) * msPerTick,
    load: (usage.user + usage.system) / 1000,
  };
}

export function cpuDelta(before: CpuSample, after: CpuSample): CpuSample {
  return {
    server: after.server - before.server,
    postgres: after.postgres - before.postgres,
    load: after.load - before.load,
  };
}
