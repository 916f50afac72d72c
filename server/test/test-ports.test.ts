// Tests that do not collide (issue 31 §5): a port a test binds comes from the system (listen on 0,
// or free-port.ts, which asks again when the port is taken), never a number the test picks itself,
// fixed or random: two test files, or a test and another process, could pick the same one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TEST_DIRS = ['server/test', 'e2e', 'web/test'];

/** A port given as a number or computed from a random one: `port: 5432`, `port = 20000 + …`. */
const CHOSEN_PORT =
  /\b(?:port|PORT|\w+Port|\w+_PORT)\s*[:=]\s*(?:[1-9]|[^,;\n]*Math\.random)|\.listen\(\s*[1-9]/g;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    // This file's own examples are not a test's ports.
    return entry.isFile() &&
      /\.tsx?$/.test(entry.name) &&
      !file.includes(`${path.sep}fixtures${path.sep}`) &&
      file !== import.meta.filename
      ? [file]
      : [];
  });
}

/** The places in a source where a port is chosen by the code, as `file:line: text`. */
export function chosenPorts(file: string, text: string): string[] {
  return [...text.matchAll(CHOSEN_PORT)].map((match) => {
    const line = text.slice(0, match.index).split('\n').length;
    return `${file}:${line}: ${match[0].trim()}`;
  });
}

describe('every port a test binds comes from the system', () => {
  it('finds a port chosen by number or at random', () => {
    expect(
      chosenPorts(
        'a.ts',
        'startEmbeddedPostgres({ port: 20000 + Math.floor(Math.random() * 20000) })',
      ),
    ).toHaveLength(1);
    expect(chosenPorts('a.ts', 'const pgPort = 5499;')).toHaveLength(1);
    expect(chosenPorts('a.ts', 'server.listen(8080)')).toHaveLength(1);
    expect(chosenPorts('a.ts', 'startEmbeddedPostgres({ port, password })')).toEqual([]);
    expect(chosenPorts('a.ts', 'const port = await freePort();')).toEqual([]);
    expect(chosenPorts('a.ts', 'const report = 1; export const support = 2;')).toEqual([]);
    expect(chosenPorts('a.ts', "app.listen({ host: '127.0.0.1', port: 0 })")).toEqual([]);
  });

  it('no test source chooses its own port', () => {
    const found = TEST_DIRS.flatMap((dir) =>
      sources(path.join(ROOT, dir)).flatMap((file) =>
        chosenPorts(path.relative(ROOT, file), fs.readFileSync(file, 'utf8')),
      ),
    );
    expect(found).toEqual([]);
  });
});
