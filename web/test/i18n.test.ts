// Every visible string comes from ru.json and en.json: both have the same keys, and no component
// renders a literal string.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ENTRY_NAMESPACES } from '../src/i18n/index.ts';
import { en, parts, ru } from './catalogues.ts';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value ? keys(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

/** Plural variants (key_one, key_few, …) count as one key. */
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('generated.ts') ? [full] : [];
  });
}

const SRC = path.join(import.meta.dirname, '..', 'src');
const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'title',
  'placeholder',
  'helperText',
  'aria-label',
  'alt',
  'text',
  'primary',
  'secondary',
]);

describe('translations', () => {
  it('the sign-in part holds exactly the entry namespaces and the rest none of them', () => {
    for (const [entry, rest] of Object.values(parts)) {
      expect(Object.keys(entry).sort()).toEqual([...ENTRY_NAMESPACES].sort());
      expect(Object.keys(rest).filter((name) => name in entry)).toEqual([]);
    }
  });

  it('ru.json and en.json have the same keys', () => {
    expect(new Set(keys(ru).map(base))).toEqual(new Set(keys(en).map(base)));
  });

  it('every t("…") key used in the code exists in both languages', () => {
    const known = new Set([...keys(en).map(base)]);
    const missing: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.-]*)'/g)) {
        if (!known.has(match[1]!)) missing.push(`${path.relative(SRC, file)}: ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keys named in route and navigation tables exist', () => {
    const known = new Set(keys(en));
    // The routes and sidebar entries of every module (features/*/index.ts) and the app's own.
    const text = [
      path.join(SRC, 'app', 'routes.tsx'),
      ...sourceFiles(path.join(SRC, 'features')).filter((file) => file.endsWith('index.ts')),
    ]
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const used = [...text.matchAll(/title: '([\w.]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((key) => !known.has(key))).toEqual([]);
  });

  it('no component renders a literal string', () => {
    const known = new Set(keys(en));
    const literals: string[] = [];
    for (const file of sourceFiles(SRC).filter((f) => f.endsWith('.tsx'))) {
      const source = ts.createSourceFile(
        file,
        fs.readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        ts.ScriptKind.TSX,
      );
      const visit = (node: ts.Node) => {
        if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) {
          literals.push(`${path.relative(SRC, file)}: "${node.text.trim()}"`);
        }
        if (
          ts.isJsxAttribute(node) &&
          VISIBLE_ATTRIBUTES.has(node.name.getText()) &&
          node.initializer &&
          ts.isStringLiteral(node.initializer) &&
          /\p{L}/u.test(node.initializer.text) &&
          !known.has(node.initializer.text)
        ) {
          literals.push(
            `${path.relative(SRC, file)}: ${node.name.getText()}="${node.initializer.text}"`,
          );
        }
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(literals).toEqual([]);
  });
});
