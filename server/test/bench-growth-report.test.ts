// bench/README.md "Ten times the data": the growth table compares a screen's p95 at scale 10 with
// the same screen at scale 1, which means something only when both ran on one machine.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { machinesOf, renderGrowthSection } from '../../bench/lib/growth-report.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

type SavedList = { key: string; screen: string; account: string; totalCount: number; p95: number };

/** The growth section of two saved runs, at scale 1 and 10, with these machines and lists. */
function growthOf(machines: { 1?: string; 10?: string }, lists: (scale: 1 | 10) => SavedList[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'growth-'));
  dirs.push(dir);
  for (const scale of [1, 10] as const) {
    const machine = machines[scale];
    fs.writeFileSync(
      path.join(dir, `screens-scale-${scale}.json`),
      JSON.stringify({
        scale,
        commit: 'abc1234',
        date: '2026-12-06T00:00:00.000Z',
        ...(machine ? { machine } : {}),
        lists: lists(scale),
      }),
    );
  }
  return renderGrowthSection(dir)!;
}

/** The invoices, 4 ms at scale 1 and 5 at 10, on these machines. */
const runs = (machines: { 1?: string; 10?: string }) =>
  growthOf(machines, (scale) => [
    {
      key: 'invoices',
      screen: 'Invoices',
      account: 'admin',
      totalCount: 1001,
      p95: scale === 1 ? 4 : 5,
    },
  ]);

describe('the growth table says where its two runs were measured', () => {
  it('names the one machine both runs measured', () => {
    const { section, lines } = runs({ 1: '2 × Intel Xeon', 10: '2 × Intel Xeon' });
    expect(section.join('\n')).toContain('Both measured on 2 × Intel Xeon.');
    expect(section.join('\n')).not.toContain('different machines');
    expect(lines).toEqual(['growth 1->10: 1.25']);
  });

  it('warns when the two runs were measured on different machines', () => {
    const { section } = runs({ 1: '2 × AMD EPYC', 10: '2 × Intel Xeon' });
    expect(section.join('\n')).toContain(
      '**Measured on different machines** (2 × AMD EPYC at scale 1, 2 × Intel Xeon at 10)',
    );
  });

  it('says when a run does not name its machine (runs saved before machines were kept)', () => {
    const { section } = runs({ 10: '2 × Intel Xeon' });
    expect(section.join('\n')).toContain('do not say on which machine');
  });

  it('names every machine of the table of several scales when they differ', () => {
    const run = (scale: number, machine?: string) => ({
      scale,
      commit: 'abc1234',
      date: '2026-12-06T00:00:00.000Z',
      machine,
      lists: [],
    });
    expect(machinesOf([run(0.1, 'A'), run(1, 'B'), run(3, 'A')], 'columns')).toBe(
      '**Measured on different machines** (A at scale 0.1, B at 1, A at 3): the columns ' +
        'compare the machines as well as the scales.',
    );
    expect(machinesOf([run(0.1, 'A'), run(1, 'A'), run(3, 'A')], 'columns')).toBe(
      'All measured on A.',
    );
    expect(machinesOf([run(0.1), run(1, 'A'), run(3, 'A')], 'columns')).toContain(
      'Some runs do not say',
    );
  });
});

describe("the growth table names the machine's pace when the lists that did not grow moved", () => {
  /** Two runs: the invoices (10× the rows counted), the costs (more than the cap at both) and two
   * lists with the same rows at both. */
  function paced(slower: number) {
    return growthOf({ 1: '2 × Intel Xeon', 10: '2 × Intel Xeon' }, (scale) => {
      const factor = scale === 1 ? 1 : slower;
      return [
        {
          key: 'invoices',
          screen: 'Invoices',
          account: 'admin',
          totalCount: scale === 1 ? 100 : 1001,
          p95: 10 * factor * (scale === 1 ? 1 : 1.2),
        },
        // Counted "more than 1,000" at both scales: ten times the rows at the larger one.
        { key: 'costs', screen: 'Costs', account: 'admin', totalCount: 1001, p95: 20 * factor },
        { key: 'roles', screen: 'Roles', account: 'admin', totalCount: 5, p95: 2 * factor },
        {
          key: 'subsidiaries',
          screen: 'Subsidiaries',
          account: 'admin',
          totalCount: 12,
          p95: 1 * factor,
        },
      ];
    });
  }

  it('says how much the same-rows lists moved and the worst screen divided by it', () => {
    const { section, lines } = paced(1.5);
    expect(lines).toEqual(['growth 1->10: 1.80']);
    expect(section.join('\n')).toContain(
      'The lists with the same rows at both scales (roles, subsidiaries) took a median 1.50× ' +
        "their time at the smaller scale: the machine's pace moved between the two runs, not " +
        'the data. Divided by it, the worst screen (Invoices) grew 1.20×.',
    );
  });

  it('says nothing of the pace when those lists kept theirs', () => {
    const { section } = paced(1.05);
    expect(section.join('\n')).not.toContain("machine's pace");
  });
});

describe('the growth table takes both scales measured in one run (bench:growth)', () => {
  /** A saved run of the invoices at `p95` ms, at `scale` on `date`. */
  const run = (scale: 1 | 10, date: string, p95: number) => ({
    scale,
    commit: 'abc1234',
    date,
    machine: '2 × Intel Xeon',
    lists: [{ key: 'invoices', screen: 'Invoices', account: 'admin', totalCount: 1001, p95 }],
  });
  /** A results folder with the scale runs of `bench` and the paired run of `bench:growth`. */
  function folder(separate: { date: string; p95: [number, number] } | undefined, pairedAt: string) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'growth-'));
    dirs.push(dir);
    if (separate) {
      for (const [i, scale] of ([1, 10] as const).entries()) {
        fs.writeFileSync(
          path.join(dir, `screens-scale-${scale}.json`),
          JSON.stringify(run(scale, separate.date, separate.p95[i]!)),
        );
      }
    }
    const paired = {
      from: run(1, pairedAt, 4),
      to: run(10, pairedAt, 5),
      rounds: 3,
      listDuration: 4,
    };
    fs.writeFileSync(path.join(dir, 'growth-scale-1-10.json'), JSON.stringify(paired));
    return renderGrowthSection(dir)!;
  }

  it('compares the scales of the paired run, not two runs of other hours', () => {
    const { section, lines } = folder(
      { date: '2026-12-05T00:00:00.000Z', p95: [4, 8] },
      '2026-12-06T00:00:00.000Z',
    );
    expect(lines).toEqual(['growth 1->10: 1.25']);
    expect(section.join('\n')).toContain('measured in one run (`npm run bench:growth');
    expect(section.join('\n')).toContain('3 rounds of 4 s');
  });

  it('compares the paired run when no scale run was saved', () => {
    expect(folder(undefined, '2026-12-06T00:00:00.000Z').lines).toEqual(['growth 1->10: 1.25']);
  });

  it('compares the two scale runs once both are newer than the paired run', () => {
    const { section, lines } = folder(
      { date: '2026-12-07T00:00:00.000Z', p95: [4, 8] },
      '2026-12-06T00:00:00.000Z',
    );
    expect(lines).toEqual(['growth 1->10: 2.00']);
    expect(section.join('\n')).not.toContain('bench:growth');
  });
});
