import { parseArgs } from 'node:util';

export interface ScaleOptions {
  scale: number;
  values: Record<string, string | boolean | undefined>;
}

/** Parses `--scale S` (default 1) plus the given string options. */
export function parseScaleArgs(extra: Record<string, { type: 'string' | 'boolean' }> = {}) {
  const { values } = parseArgs({
    options: { scale: { type: 'string', default: '1' }, ...extra },
    allowPositionals: false,
    strict: true,
  });
  const scale = Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 20) {
    throw new Error(`--scale must be a number above 0 and at most 20, got '${values.scale}'`);
  }
  return { scale, values: values as Record<string, string | boolean | undefined> };
}

/** A number option, or the fallback when absent. */
export function numberOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0) {
    throw new Error(`--${name} must be a positive number, got '${String(value)}'`);
  }
  return parsed;
}

const started = Date.now();

/** Prints a line prefixed with the seconds since the script started. */
export function log(message: string): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  console.log(`[${seconds}s] ${message}`);
}

/** 1234567 → "1,234,567". */
export function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
