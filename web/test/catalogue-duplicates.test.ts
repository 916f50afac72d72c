// Translations by resource (docs/web.md): one key per text. Two keys with the same text in both
// languages (all plural forms alike) are one label said twice; a new pair fails here. The pairs
// left (texts built at run time, labels to decide) are listed by name in
// catalogue-duplicates.allowed.json; remove a group from it once it is merged.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, ru } from './catalogues.ts';

const PLURAL = /_(zero|one|two|few|many|other)$/;

function leaves(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value
      ? leaves(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

/** Groups of keys (plural forms as one key) whose texts are equal in ru and en. */
export function duplicateGroups(catalogues: { ru: object; en: object } = { ru, en }): string[][] {
  const english = new Map(leaves(catalogues.en));
  const forms = new Map<string, [string, string, string][]>();
  for (const [leaf, text] of leaves(catalogues.ru)) {
    const base = leaf.replace(PLURAL, '');
    if (!forms.has(base)) forms.set(base, []);
    forms.get(base)!.push([leaf.slice(base.length), text, english.get(leaf) ?? '']);
  }
  const bySignature = new Map<string, string[]>();
  for (const [key, list] of forms) {
    const signature = JSON.stringify(list.sort(([a], [b]) => a.localeCompare(b)));
    if (!bySignature.has(signature)) bySignature.set(signature, []);
    bySignature.get(signature)!.push(key);
  }
  return [...bySignature.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort())
    .sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const ALLOWED: string[][] = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'catalogue-duplicates.allowed.json'), 'utf8'),
);

describe('one key per text', () => {
  it('finds a duplicate when two keys say the same in both languages', () => {
    const groups = duplicateGroups({
      ru: { a: { save: 'Сохранить' }, b: { keep: 'Сохранить', other: 'Другое' } },
      en: { a: { save: 'Save' }, b: { keep: 'Save', other: 'Other' } },
    });
    expect(groups).toEqual([['a.save', 'b.keep']]);
  });

  it('the same Russian with different English is not a duplicate', () => {
    expect(
      duplicateGroups({ ru: { a: 'Счёт', b: 'Счёт' }, en: { a: 'Invoice', b: 'Bill' } }),
    ).toEqual([]);
  });

  it('no new duplicate: every group of keys with one text is an allowed one', () => {
    const allowed = new Set(ALLOWED.map((group) => group.join(' ')));
    expect(duplicateGroups().filter((group) => !allowed.has(group.join(' ')))).toEqual([]);
  });
});
