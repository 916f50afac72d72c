import os from 'node:os';

/**
 * The machine a run measured, as its processors: figures from two machines are not comparable
 * (the same code measured twice as slow on another two-core host), so every saved run says
 * where it ran, and a comparison of two runs says when they ran on different machines.
 */
export function machineOf(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() || 'CPU'}`;
}
