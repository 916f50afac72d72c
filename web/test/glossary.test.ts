// docs/glossary.md: one word per concept. Every catalogue text avoids the variants the glossary's
// "Not" column lists (as whole words or phrases, letter case as written).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { en, ru } from './catalogues.ts';

const GLOSSARY = path.join(import.meta.dirname, '..', '..', 'docs', 'glossary.md');

function texts(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value
      ? texts(value, `${prefix}${key}.`)
      : [[`${prefix}${key}`, String(value)] as [string, string]],
  );
}

/** The variants of the "Not" column: every `…` in a table row's last cell. */
export function forbiddenVariants(markdown: string): string[] {
  return markdown
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .flatMap((line) => {
      const cells = line.split('|').slice(1, -1);
      return [...(cells.at(-1) ?? '').matchAll(/`([^`]+)`/g)].map((match) => match[1]!);
    });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const wholeWord = (variant: string) => new RegExp(`(?<![\\p{L}])${escape(variant)}`, 'u');

describe('one vocabulary (docs/glossary.md)', () => {
  const variants = forbiddenVariants(fs.readFileSync(GLOSSARY, 'utf8'));

  it('the glossary lists the variants it forbids', () => {
    expect(variants).toContain('Юрлицо группы');
    expect(variants).toContain('Проверить');
    expect(variants.length).toBeGreaterThan(30);
  });

  it('no catalogue text, in ru or en, uses a variant the glossary forbids', () => {
    const found: string[] = [];
    for (const [language, catalogue] of [
      ['ru', ru],
      ['en', en],
    ] as const) {
      for (const [key, text] of texts(catalogue)) {
        for (const variant of variants) {
          if (wholeWord(variant).test(text))
            found.push(`${language} ${key}: «${text}» uses «${variant}»`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
