#!/usr/bin/env node
// Translations by resource (issue 26 item 5): moves catalogue keys so that a field has one label
// everywhere (`resources.<table>.fields.<column>`) and no two keys say the same thing in both
// languages, and rewrites every key reference in web/src, web/test and e2e.
//
//   node codemod.mjs <repo> plan    writes mapping.json (old key -> new key) and report.md
//   node codemod.mjs <repo> apply   applies mapping.json to the catalogue and the code, verifies
//   node codemod.mjs <repo> verify  only checks the tree (see verify() below)
//   node codemod.mjs <repo>         plans and applies until stable, installs the duplicate test
//                                   in web/test, verifies; exits 1 when the check fails
//
// Never renames a key built at run time (`t(\`statuses.${s}\`)`, a chip's `${prefix}.${name}`),
// read from the catalogue as an object, or translated in a file that derives an id from it.
//
// Deterministic: the same tree gives the same mapping; re-running on a rewritten tree maps
// nothing more (the targets already exist and are the canonical keys).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const HERE = path.dirname(new URL(import.meta.url).pathname);
const [repoArg, mode = 'all'] = process.argv.slice(2);
if (!repoArg || !['plan', 'apply', 'verify', 'all'].includes(mode)) {
  console.error('usage: node codemod.mjs <repo> [plan|apply|verify]');
  process.exit(2);
}
const REPO = path.resolve(repoArg);
const I18N = path.join(REPO, 'web/src/i18n');
// The run's record, committed with its result: the mapping and the last round's report.
const OUT = path.join(REPO, 'tools/i18n-by-resource');
const MAPPING = path.join(OUT, 'mapping.json');
const REPORT = path.join(OUT, 'report.md');
// Scratch (git-ignored): the state taken before the run, each round's report.
const SCRATCH = path.join(REPO, '.tmp/i18n-by-resource');
const GUARD = path.join(SCRATCH, 'guard.json');
const CONFIG = JSON.parse(fs.readFileSync(path.join(HERE, 'config.json'), 'utf8'));
const LANGS = ['ru', 'en'];
const PARTS = ['entry', 'application'];
const PLURAL = /_(zero|one|two|few|many|other)$/;
const fileOf = (lang, part) =>
  path.join(I18N, part === 'entry' ? `${lang}.entry.json` : `${lang}.json`);

// ---------------------------------------------------------------------------------------------
// The catalogue: base key -> { part, forms: { suffix: { ru, en } } } in catalogue order.

function flatten(tree, prefix = '', out = []) {
  for (const [key, value] of Object.entries(tree)) {
    if (value && typeof value === 'object') flatten(value, `${prefix}${key}.`, out);
    else out.push([`${prefix}${key}`, String(value)]);
  }
  return out;
}

function readCatalogue() {
  const keys = new Map();
  for (const part of PARTS) {
    for (const lang of LANGS) {
      const tree = JSON.parse(fs.readFileSync(fileOf(lang, part), 'utf8'));
      for (const [leaf, text] of flatten(tree)) {
        const base = leaf.replace(PLURAL, '');
        const suffix = leaf.slice(base.length);
        if (!keys.has(base)) keys.set(base, { part, forms: {} });
        const entry = keys.get(base);
        entry.forms[suffix] ??= {};
        entry.forms[suffix][lang] = text;
      }
    }
  }
  return keys;
}

/** One string for a key's texts in both languages, all plural forms: equal means duplicate. */
const signature = (entry) =>
  JSON.stringify(
    Object.keys(entry.forms)
      .sort()
      .map((suffix) => [suffix, entry.forms[suffix].ru ?? '', entry.forms[suffix].en ?? '']),
  );

/** Groups of keys whose texts are equal in both languages (all plural forms alike). */
function duplicateGroups(keys) {
  const groups = new Map();
  for (const [key, entry] of keys) {
    const sig = signature(entry);
    if (!groups.has(sig)) groups.set(sig, []);
    groups.get(sig).push(key);
  }
  return [...groups.values()]
    .filter((group) => group.length > 1)
    .map((group) => group.sort())
    .sort((a, b) => a[0].localeCompare(b[0]));
}

/** Keys that repeat another's text: each group's keys but one. */
const duplicateKeys = (keys) =>
  duplicateGroups(keys).reduce((sum, group) => sum + group.length - 1, 0);

// ---------------------------------------------------------------------------------------------
// The code: source files, literal key references, keys built at run time.

const SOURCE_DIRS = ['web/src', 'web/test', 'e2e'];
const FILE_NAME = /\.(csv|pdf|xlsx?|zip|png|jpe?g|gif|webp|json|txt|xml|html?|sig|tsx?|m?js)$/;
const KEY_LITERAL = /(['"`])([a-zA-Z][\w-]*(?:\.[\w-]+)+)\1/g;

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/generated\.ts$/.test(entry.name)) {
        files.push(full);
      }
    }
  };
  for (const dir of SOURCE_DIRS) walk(path.join(REPO, dir));
  return files.sort();
}

/** Every group of the catalogue: `invoices`, `invoices.chips` for `invoices.chips.status`. */
function groupsOf(keys) {
  const groups = new Set();
  for (const key of keys.keys()) {
    const segments = key.split('.');
    for (let index = 1; index < segments.length; index++)
      groups.add(segments.slice(0, index).join('.'));
  }
  return groups;
}

/** The closing bracket of the call whose `(` is at `open` (strings and comments are rare there). */
function callEnd(text, open) {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text[index];
    if (char === '(' || char === '[' || char === '{') depth++;
    else if (char === ')' || char === ']' || char === '}') {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return text.length;
}

/**
 * What the code says about the catalogue:
 * - `literals`: every quoted string that looks like a key (its first segment is a namespace);
 * - `prefixes`: key prefixes built at run time, whose keys cannot be renamed safely:
 *   `t(\`invoices.actions.${action}\`)`, `'statuses.' + s`, a string ending in a dot
 *   (`choices(values, 'statuses.')`), a `prefix: 'bills.chip'` / `prefix="…"` property (the
 *   chip builder reads `${prefix}.${name}`), a string naming a group of keys (`'invoices.chips'`),
 *   a namespace or group passed to a chip or filter builder, a group read from the imported
 *   catalogue (`en.errors.codes`);
 * - `suffixes`: `t(\`${kind}.title\`)`: every key ending so;
 * - `pinned`: single keys that must keep their name: read from the imported catalogue
 *   (`catalogue.table.moreThan`), passed to a chip or filter builder, or written in a file that
 *   derives something else from a key (`data-testid={\`amount-${label.split('.')[1]}\`}`: the
 *   e2e selects by that id).
 * Each with where it was found, for the report.
 */
function scanCode(files, keys, extraNamespaces = []) {
  const namespaces = new Set(
    [...keys.keys()].map((key) => key.split('.')[0]).concat(extraNamespaces),
  );
  const groups = groupsOf(keys);
  const isKey = (name) => keys.has(name.replace(PLURAL, ''));
  const prefixes = new Map();
  const suffixes = new Map();
  const pinned = new Map();
  const literals = [];
  const reads = [];
  const note = (map, name, where) => {
    if (!map.has(name)) map.set(name, new Set());
    map.get(name).add(where);
  };
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    const relative = path.relative(REPO, file);
    const at = (index, why) => `${relative}:${text.slice(0, index).split('\n').length} (${why})`;

    // Template heads: `invoices.actions.${action}`, `table.${type}Page`.
    for (const match of text.matchAll(/`([a-zA-Z][\w]*(?:\.[\w]+)*\.?[\w]*)\$\{/g)) {
      const before = text.slice(Math.max(0, match.index - 12), match.index);
      if (/name[=:]\s*\{?\s*$/.test(before)) continue; // a form field's name, not a key
      if (!match[1].includes('.')) continue;
      note(prefixes, match[1], at(match.index, 'template'));
    }
    // Template tails: t(`${kind}.title`).
    for (const match of text.matchAll(/\bt\(\s*`\$\{[^`]*?\}((?:\.[a-zA-Z][\w]*)+)`/g)) {
      note(suffixes, match[1], at(match.index, 'template tail'));
    }
    // Concatenation: 'statuses.' + s, 'invoices.action_' + name.
    for (const match of text.matchAll(/(['"])([a-zA-Z][\w]*(?:\.[\w]+)*\.?[\w]*)\1\s*\+/g)) {
      if (match[2].includes('.')) note(prefixes, match[2], at(match.index, 'concatenation'));
    }
    for (const match of text.matchAll(/\+\s*(['"])(\.[a-zA-Z][\w]*(?:\.[\w]+)*)\1/g)) {
      note(suffixes, match[2], at(match.index, 'concatenation'));
    }
    // Any string ending in a dot: a prefix handed on (`choices(values, 'statuses.')`).
    for (const match of text.matchAll(/(['"`])([a-zA-Z][\w]*(?:\.[\w]+)*\.)\1/g)) {
      note(prefixes, match[2], at(match.index, 'string ending in a dot'));
    }
    // prefix: 'bills.chip', prefix="filters", keyPrefix = 'x', namespace: 'y'.
    const property =
      /\b(\w*(?:[pP]refix|[nN]amespace)|ns)\s*[:=]\s*\{?\s*(['"`])([a-zA-Z][\w.]*)\2/g;
    for (const match of text.matchAll(property)) {
      const name = match[3].endsWith('.') ? match[3] : `${match[3]}.`;
      note(prefixes, name, at(match.index, `${match[1]} property`));
    }
    // Chip and filter builders: filterChips({ prefix, labels: {…} }), billChips(…).
    const builder = /(?<![.\w$])(\w*(?:[cC]hips?|[fF]ilters?)\w*)\s*(?:<[^<>()]*>)?\s*\(/g;
    for (const match of text.matchAll(builder)) {
      const open = match.index + match[0].length - 1;
      const args = text.slice(open, callEnd(text, open));
      for (const literal of args.matchAll(/(['"])([a-zA-Z][\w.-]*)\1/g)) {
        const name = literal[2];
        const where = at(match.index, `passed to ${match[1]}`);
        // A whole namespace only as a property's value (`prefix: 'filters'`), not a filter's
        // name in a list (`order: ['search', …]`).
        const value = /[:=]\s*\{?\s*$/.test(args.slice(0, literal.index));
        if (groups.has(name) && (name.includes('.') || value)) note(prefixes, `${name}.`, where);
        else if (isKey(name)) note(pinned, name.replace(PLURAL, ''), where);
      }
    }
    // Literal keys (and plural forms) and groups named as a whole ('invoices.chips').
    for (const match of text.matchAll(KEY_LITERAL)) {
      const name = match[2];
      if (!namespaces.has(name.split('.')[0]) || FILE_NAME.test(name)) continue;
      literals.push({ name, where: at(match.index, 'literal') });
      if (!isKey(name) && groups.has(name))
        note(prefixes, `${name}.`, at(match.index, 'names a group'));
    }
    // A file that derives anything else from a key it translates (label.split('.')[1] as a test
    // id): its keys keep their names.
    const derived =
      /\b([a-zA-Z_$][\w$]*)\.(split|slice|substring|substr|replace|replaceAll|indexOf|lastIndexOf|match)\(/g;
    for (const match of text.matchAll(derived)) {
      const name = match[1];
      if (!new RegExp(`\\bt\\(\\s*${name.replace(/\$/g, '\\$')}\\b`).test(text)) continue;
      for (const literal of text.matchAll(KEY_LITERAL)) {
        if (isKey(literal[2]))
          note(
            pinned,
            literal[2].replace(PLURAL, ''),
            at(match.index, `${name}.${match[2]}() of a key`),
          );
      }
    }
    // The catalogue read as an object: en.errors.codes, catalogue.table.moreThan.
    const imports = /from\s+['"][^'"]*(?:i18n\/[\w.]+\.json|catalogues(?:\.ts)?)['"]/;
    if (imports.test(text)) {
      const bindings = new Set();
      for (const match of text.matchAll(
        /import\s+([^;]*?)\s+from\s+['"][^'"]*(?:i18n\/[\w.]+\.json|catalogues(?:\.ts)?)['"]/g,
      )) {
        for (const name of match[1].matchAll(/[a-zA-Z_$][\w$]*/g)) bindings.add(name[0]);
      }
      for (const match of text.matchAll(
        /(?<![.\w$])([a-zA-Z_$][\w$]*)((?:\.[a-zA-Z_$][\w$]*)+)/g,
      )) {
        const segments = match[2].slice(1).split('.');
        if (!namespaces.has(segments[0])) continue;
        if (segments.length < 2 && !bindings.has(match[1])) continue;
        const where = at(match.index, 'the catalogue read as an object');
        let found;
        for (let length = segments.length; length > 0 && !found; length--) {
          const name = segments.slice(0, length).join('.');
          if (length < 2 && !bindings.has(match[1])) break;
          if (isKey(name)) note(pinned, name.replace(PLURAL, ''), where);
          else if (groups.has(name)) note(prefixes, `${name}.`, where);
          else continue;
          found = name;
        }
        reads.push({ name: found ?? segments.join('.'), where });
      }
    }
  }
  for (const prefix of CONFIG.pinnedPrefixes ?? []) note(prefixes, prefix, 'config.json');
  for (const key of CONFIG.pinnedKeys ?? []) note(pinned, key, 'config.json');
  const sortMap = (map) => new Map([...map].sort(([a], [b]) => a.localeCompare(b)));
  return {
    prefixes: sortMap(prefixes),
    suffixes: sortMap(suffixes),
    pinned: sortMap(pinned),
    literals,
    reads,
  };
}

/** Whether a key must keep its name: built at run time, or named where a rename cannot reach. */
const pinnedBy = (scan) => (key) =>
  [...scan.prefixes.keys()].some((prefix) => key.startsWith(prefix)) ||
  [...scan.suffixes.keys()].some((suffix) => key.endsWith(suffix)) ||
  scan.pinned.has(key);

// ---------------------------------------------------------------------------------------------
// The data: tables and their columns (db/schema.sql), computed columns included.

function readSchema() {
  const schema = fs.readFileSync(path.join(REPO, 'db/schema.sql'), 'utf8');
  const tables = new Map();
  const references = new Map();
  let current;
  for (const line of schema.split('\n')) {
    const table = /^create table app_public\.(\w+) \(/i.exec(line);
    if (table) {
      current = table[1];
      tables.set(current, new Set());
      continue;
    }
    if (current && /^\);?/.test(line)) current = undefined;
    const reference = current && /FOREIGN KEY \((\w+)\) REFERENCES app_public\.(\w+)\(/.exec(line);
    if (reference) references.set(`${current}.${reference[1]}`, reference[2]);
    const column = current && /^\s{2}([a-z_][a-z0-9_]*) /.exec(line);
    if (column && column[1] !== 'constraint') tables.get(current).add(column[1]);
  }
  for (const match of schema.matchAll(/function app_public\.(\w+)\(\w+ app_public\.(\w+)\)/gi)) {
    const [, name, table] = match;
    if (tables.has(table) && name.startsWith(`${table}_`)) {
      tables.get(table).add(name.slice(table.length + 1));
    }
  }
  tables.references = references;
  return tables;
}

const snake = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

/** The column a key's last segment names in that table, if any (`client` -> client_id). */
function columnOf(table, leaf, tables) {
  const columns = tables.get(table);
  if (!columns) return undefined;
  const name = (CONFIG.columnAliases?.[leaf] ?? snake(leaf)).replace(/^is_/, 'is_');
  for (const candidate of [name, `${name}_id`, name.replace(/_id$/, '')]) {
    if (columns.has(candidate)) return candidate;
  }
  return undefined;
}

const singular = (table) => table.replace(/ies$/, 'y').replace(/s$/, '');

/**
 * The key of a field: a reference named after the table it refers to (client_id, currency) is
 * labelled by that table's name ("Клиент": resources.clients.name); any other column by itself.
 */
function fieldKey(table, column, tables) {
  const referenced = tables.references.get(`${table}.${column}`);
  if (referenced && [singular(referenced), `${singular(referenced)}_id`].includes(column)) {
    return `resources.${referenced}.name`;
  }
  return `resources.${table}.fields.${column}`;
}

/** The table a key's segments speak of: the deepest segment that names one. */
function tableOf(segments, tables) {
  for (let index = segments.length - 2; index >= 0; index--) {
    const segment = segments[index];
    if (CONFIG.notFieldSegments.includes(segment)) return undefined;
    const table =
      CONFIG.tableAliases[segment] ?? (tables.has(snake(segment)) ? snake(segment) : undefined);
    if (table) return table;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The plan.

function plan() {
  fs.mkdirSync(OUT, { recursive: true });
  const keys = readCatalogue();
  const files = sourceFiles();
  const scan = scanCode(files, keys);
  const pinned = pinnedBy(scan);
  const used = new Set(
    scan.literals.map(({ name }) => name.replace(PLURAL, '')).filter((name) => keys.has(name)),
  );
  const tables = readSchema();
  const mapping = {};
  const notes = { differs: [], pinned: [], entry: [], unused: [] };

  // 1. Field labels: resources.<table>.fields.<column>, one text per field.
  const fields = new Map();
  for (const [key, entry] of keys) {
    if (key.startsWith('resources.') || Object.keys(entry.forms).length !== 1) continue;
    const segments = key.split('.');
    const table = tableOf(segments, tables);
    const column = table && columnOf(table, segments.at(-1), tables);
    if (!column) continue;
    // A reference to another table is labelled by that table's own name ("Поставщик").
    const target = fieldKey(table, column, tables);
    if (!fields.has(target)) fields.set(target, []);
    fields.get(target).push(key);
  }
  const entrySignatures = new Map();
  for (const [key, entry] of keys)
    if (entry.part === 'entry') entrySignatures.set(signature(entry), key);
  for (const [target, members] of [...fields].sort(([a], [b]) => a.localeCompare(b))) {
    const existing = keys.get(target);
    const counts = new Map();
    for (const key of members) {
      const sig = signature(keys.get(key));
      counts.set(sig, (counts.get(sig) ?? 0) + 1);
    }
    const canonical = existing
      ? signature(existing)
      : [...counts].sort((a, b) => b[1] - a[1])[0][0];
    // A field whose label the sign-in part already has keeps that key (loaded before sign-in).
    if (!existing && entrySignatures.has(canonical)) continue;
    for (const key of members) {
      const sig = signature(keys.get(key));
      if (sig !== canonical)
        notes.differs.push(`${key} («${keys.get(key).forms[''].ru}») ≠ ${target}`);
      else if (pinned(key)) notes.pinned.push(`${key} → ${target}`);
      else if (keys.get(key).part === 'entry') notes.entry.push(`${key} → ${target}`);
      else mapping[key] = target;
    }
  }

  // 2. Other duplicates (same texts in both languages): one key, the most general one.
  const after = (key) => mapping[key] ?? key;
  const groups = new Map();
  for (const [key, entry] of keys) {
    const sig = signature(entry);
    if (!groups.has(sig)) groups.set(sig, new Set());
    groups.get(sig).add(after(key));
  }
  const rank = (key) => [
    keys.get(key)?.part === 'entry' || key.startsWith('common.') ? 0 : 1,
    key.startsWith('resources.') ? 0 : 1,
    // A key that keeps its name is the one key of its group only in a namespace every feature
    // shares (`statuses.paid`, `table.total`): `archive.archive` does not become
    // `bills.actions.archive`, a key that exists because BillActions builds it at run time.
    pinned(key) ? ((CONFIG.sharedNamespaces ?? []).includes(key.split('.')[0]) ? 0 : 2) : 1,
    key.split('.').length,
    key.length,
    key,
  ];
  const compare = (a, b) => {
    const [x, y] = [rank(a), rank(b)];
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
  };
  for (const members of groups.values()) {
    // Fields of several tables with one label and one column name share resources.fields.<column>.
    const targets = [...members].filter((key) => key.startsWith('resources.') && !keys.has(key));
    const byColumn = new Map();
    for (const target of targets) {
      const column = target.split('.').at(-1);
      if (!target.includes('.fields.')) continue;
      if (!byColumn.has(column)) byColumn.set(column, []);
      byColumn.get(column).push(target);
    }
    for (const [column, same] of byColumn) {
      if (same.length < 2) continue;
      const shared = `resources.fields.${column}`;
      for (const [from, to] of Object.entries(mapping))
        if (same.includes(to)) mapping[from] = shared;
      for (const target of same) members.delete(target);
      members.add(shared);
    }
    const present = [...members].filter((key) => !Object.hasOwn(mapping, key));
    if (present.length < 2) continue;
    const sorted = present.sort(compare);
    const canonical = sorted[0];
    const canonicalPart = keys.get(canonical)?.part ?? 'application';
    for (const key of sorted.slice(1)) {
      if (!keys.has(key)) {
        // a new key of step 1 with the same text as another: its keys go to the canonical one
        for (const [from, to] of Object.entries(mapping)) if (to === key) mapping[from] = canonical;
        continue;
      }
      if (pinned(key)) notes.pinned.push(`${key} → ${canonical}`);
      else if (keys.get(key).part === 'entry' && canonicalPart !== 'entry')
        notes.entry.push(`${key} → ${canonical}`);
      else mapping[key] = canonical;
    }
  }
  for (const key of keys.keys()) {
    if (!used.has(key) && !pinned(key) && !Object.hasOwn(mapping, key)) notes.unused.push(key);
  }

  const sorted = Object.fromEntries(Object.entries(mapping).sort(([a], [b]) => a.localeCompare(b)));
  const where = (map) =>
    [...map].map(
      ([name, places]) =>
        `- \`${name}\`: ${[...places].slice(0, 3).join('; ')}${places.size > 3 ? ` and ${places.size - 3} more` : ''}`,
    );
  const lines = [
    '# Translation keys by resource: the plan',
    '',
    `Keys: ${keys.size}. Keys whose text another key has too: ${duplicateKeys(keys)} in ${duplicateGroups(keys).length} groups. ` +
      `Renamed or merged in this round: ${Object.keys(sorted).length}.`,
    '',
    `## Built at run time: prefixes (every key under one stays where it is): ${scan.prefixes.size}`,
    '',
    ...where(scan.prefixes),
    '',
    `## Built at run time: endings (every key ending so stays): ${scan.suffixes.size}`,
    '',
    ...where(scan.suffixes),
    '',
    `## Keys that keep their name: read as an object, passed to a chip or filter builder, or in a file that derives something from a key (${scan.pinned.size})`,
    '',
    ...where(scan.pinned),
    '',
    `## Cannot map: the label differs from the field's (${notes.differs.length})`,
    '',
    "Decide the field's one label and edit the text, then run again.",
    '',
    ...notes.differs.map((line) => `- ${line}`),
    '',
    `## Cannot map: would rename a key that keeps its name (above) (${notes.pinned.length})`,
    '',
    ...notes.pinned.map((line) => `- ${line}`),
    '',
    `## Cannot map: the sign-in part needs it (${notes.entry.length})`,
    '',
    ...notes.entry.map((line) => `- ${line}`),
    '',
    `## Never referenced by a literal key (check, maybe unused) (${notes.unused.length})`,
    '',
    ...notes.unused.map((key) => `- \`${key}\``),
    '',
  ];
  fs.writeFileSync(REPORT, lines.join('\n'));
  return {
    mapping: sorted,
    scan,
    log: () =>
      console.log(
        `plan: ${Object.keys(sorted).length} keys to move; cannot map: ${notes.differs.length} differing labels, ` +
          `${notes.pinned.length} kept by name (built at run time or derived), ${notes.entry.length} sign-in; see ${REPORT}`,
      ),
  };
}

const writeMapping = (mapping) =>
  fs.writeFileSync(
    MAPPING,
    `${JSON.stringify(Object.fromEntries(Object.entries(mapping).sort(([a], [b]) => a.localeCompare(b))), null, 2)}\n`,
  );

// ---------------------------------------------------------------------------------------------
// Apply.

function setPath(tree, key, value) {
  const segments = key.split('.');
  let node = tree;
  for (const segment of segments.slice(0, -1)) {
    if (typeof node[segment] === 'string')
      throw new Error(`${key}: ${segment} is a text, not a group`);
    node = node[segment] ??= {};
  }
  node[segments.at(-1)] = value;
}

function deletePath(tree, key) {
  const segments = key.split('.');
  const trail = [tree];
  for (const segment of segments.slice(0, -1)) {
    const next = trail.at(-1)?.[segment];
    if (!next || typeof next !== 'object') return;
    trail.push(next);
  }
  Reflect.deleteProperty(trail.at(-1), segments.at(-1));
  for (let index = segments.length - 2; index >= 0; index--) {
    if (Object.keys(trail[index + 1]).length === 0)
      Reflect.deleteProperty(trail[index], segments[index]);
  }
}

/** Sorted at the new `resources` block only, every other block keeps its order. */
function sortResources(tree) {
  if (!tree.resources) return tree;
  const sortDeep = (node) =>
    typeof node === 'object'
      ? Object.fromEntries(
          Object.keys(node)
            .sort()
            .map((key) => [key, sortDeep(node[key])]),
        )
      : node;
  const { resources, ...rest } = tree;
  return { ...rest, resources: sortDeep(resources) };
}

function apply(mapping = JSON.parse(fs.readFileSync(MAPPING, 'utf8'))) {
  mapping = { ...mapping };
  const keys = readCatalogue();
  const skipped = [];
  // The tree may have changed since the plan: a key built at run time is never renamed.
  const pinned = pinnedBy(scanCode(sourceFiles(), keys));
  for (const from of Object.keys(mapping)) {
    if (!pinned(from)) continue;
    skipped.push(`${from}: keeps its name (built at run time or derived), not moved`);
    Reflect.deleteProperty(mapping, from);
  }
  const trees = {};
  for (const lang of LANGS)
    for (const part of PARTS)
      trees[`${lang}:${part}`] = JSON.parse(fs.readFileSync(fileOf(lang, part), 'utf8'));
  for (const [from, to] of Object.entries(mapping)) {
    const entry = keys.get(from);
    if (!entry) {
      skipped.push(`${from}: not in the catalogue`);
      continue;
    }
    const target = keys.get(to);
    const targetPart = target?.part ?? (to.startsWith('resources.') ? 'application' : entry.part);
    if (target && signature(target) !== signature(entry)) {
      skipped.push(`${from} → ${to}: the texts differ`);
      Reflect.deleteProperty(mapping, from);
      continue;
    }
    for (const lang of LANGS) {
      for (const suffix of Object.keys(entry.forms)) {
        deletePath(trees[`${lang}:${entry.part}`], `${from}${suffix}`);
        if (!target)
          setPath(trees[`${lang}:${targetPart}`], `${to}${suffix}`, entry.forms[suffix][lang]);
      }
    }
    if (!target) keys.set(to, { part: targetPart, forms: entry.forms });
  }
  for (const lang of LANGS)
    for (const part of PARTS)
      fs.writeFileSync(
        fileOf(lang, part),
        `${JSON.stringify(sortResources(trees[`${lang}:${part}`]), null, 2)}\n`,
      );

  // References: a quoted key (or a plural form of one) becomes the new key.
  const live = Object.fromEntries(Object.entries(mapping).filter(([from]) => keys.has(from)));
  const changed = [];
  let changedReferences = 0;
  for (const file of sourceFiles()) {
    const text = fs.readFileSync(file, 'utf8');
    const next = text.replace(KEY_LITERAL, (whole, quote, key) => {
      const base = key.replace(PLURAL, '');
      const to = live[base];
      if (!to) return whole;
      changedReferences++;
      return `${quote}${to}${key.slice(base.length)}${quote}`;
    });
    if (next !== text) {
      fs.writeFileSync(file, next);
      changed.push(file);
    }
  }
  const changedFiles = changed.length;
  // Longer or shorter keys move line breaks: the project's own formatter puts them back.
  const formatted = [
    ...changed,
    ...LANGS.flatMap((lang) => PARTS.map((part) => fileOf(lang, part))),
  ];
  execFileSync('npx', ['prettier', '--log-level', 'warn', '--write', ...formatted], {
    cwd: REPO,
    stdio: 'inherit',
  });
  console.log(
    `apply: ${Object.keys(live).length} keys moved, ${changedReferences} references in ${changedFiles} files` +
      (skipped.length ? `; skipped:\n  ${skipped.join('\n  ')}` : ''),
  );
  return live;
}

/** The duplicate test and the duplicates left (each group a sorted key list) into web/test. */
function installTest() {
  const left = duplicateGroups(readCatalogue());
  const test = path.join(REPO, 'web/test');
  // The template installs the test once; once web/test has it, the template may go.
  const template = path.join(HERE, 'catalogue-duplicates.test.ts');
  if (fs.existsSync(template))
    fs.copyFileSync(template, path.join(test, 'catalogue-duplicates.test.ts'));
  else if (!fs.existsSync(path.join(test, 'catalogue-duplicates.test.ts')))
    throw new Error(`no ${template} to install the duplicate test from`);
  fs.writeFileSync(
    path.join(test, 'catalogue-duplicates.allowed.json'),
    `${JSON.stringify(left, null, 2)}\n`,
  );
  execFileSync(
    'npx',
    [
      'prettier',
      '--log-level',
      'warn',
      '--write',
      'web/test/catalogue-duplicates.test.ts',
      'web/test/catalogue-duplicates.allowed.json',
    ],
    { cwd: REPO, stdio: 'inherit' },
  );
  console.log(
    `test: ${left.length} groups of duplicates left (each allowed by name in web/test/catalogue-duplicates.allowed.json)`,
  );
}

// ---------------------------------------------------------------------------------------------
// Verify: after a run, the screens can still find every text.

/**
 * What must hold after the run, taken before it: every key that keeps its name with its texts
 * (so each prefix built at run time still has all its keys), and the literals and catalogue
 * reads that did not name a key before (they are not keys: 'ledgerline.language').
 */
function takeGuard() {
  const keys = readCatalogue();
  const scan = scanCode(sourceFiles(), keys);
  const pinned = pinnedBy(scan);
  const kept = {};
  for (const [key, entry] of keys)
    if (pinned(key)) kept[key] = { part: entry.part, signature: signature(entry) };
  const prefixes = {};
  for (const prefix of scan.prefixes.keys())
    prefixes[prefix] = [...keys.keys()].filter((key) => key.startsWith(prefix));
  const guard = {
    namespaces: [...new Set([...keys.keys()].map((key) => key.split('.')[0]))].sort(),
    kept,
    prefixes,
    notKeys: [...new Set(unresolved(scan, keys).map(({ name }) => name))].sort(),
  };
  fs.mkdirSync(SCRATCH, { recursive: true });
  fs.writeFileSync(GUARD, `${JSON.stringify(guard, null, 2)}\n`);
  return guard;
}

/** Literals and catalogue reads that name neither a key (a plural form of one) nor a group. */
function unresolved(scan, keys) {
  const groups = groupsOf(keys);
  return [...scan.literals, ...scan.reads].filter(
    ({ name }) => !keys.has(name.replace(PLURAL, '')) && !groups.has(name),
  );
}

function verify(
  guard = fs.existsSync(GUARD) ? JSON.parse(fs.readFileSync(GUARD, 'utf8')) : undefined,
  moved = {},
) {
  const problems = [];
  // 1. ru and en have the same keys, in the same part (plural forms differ by language).
  for (const part of PARTS) {
    const [ru, en] = LANGS.map(
      (lang) =>
        new Set(
          flatten(JSON.parse(fs.readFileSync(fileOf(lang, part), 'utf8'))).map(([leaf]) =>
            leaf.replace(PLURAL, ''),
          ),
        ),
    );
    for (const key of ru)
      if (!en.has(key))
        problems.push(`${key}: in ru${part === 'entry' ? '.entry' : ''}.json, not in en`);
    for (const key of en)
      if (!ru.has(key))
        problems.push(`${key}: in en${part === 'entry' ? '.entry' : ''}.json, not in ru`);
  }
  const keys = readCatalogue();
  // 2. Every static key in web/src, web/test and e2e (and every read of the catalogue as an
  //    object) names a key or a group of keys.
  const scan = scanCode(sourceFiles(), keys, guard?.namespaces);
  const notKeys = new Set([...(guard?.notKeys ?? []), ...(CONFIG.notKeys ?? [])]);
  for (const { name, where } of unresolved(scan, keys)) {
    if (!notKeys.has(name)) problems.push(`${where}: '${name}' is not in the catalogue`);
  }
  if (guard) {
    // 3. Every key that keeps its name is there with its texts: each prefix built at run time
    //    still has all its keys (a chip's `${prefix}.${name}`, `statuses.${status}`).
    for (const [key, before] of Object.entries(guard.kept)) {
      const entry = keys.get(key);
      const prefix = Object.keys(guard.prefixes).find((name) => key.startsWith(name));
      const why = prefix ? ` (built at run time under '${prefix}')` : '';
      if (!entry) problems.push(`${key}${why}: gone from the catalogue`);
      else if (signature(entry) !== before.signature)
        problems.push(`${key}${why}: its texts changed`);
      else if (entry.part !== before.part)
        problems.push(`${key}${why}: moved to the ${entry.part} part`);
    }
    for (const [prefix, list] of Object.entries(guard.prefixes)) {
      const now = [...keys.keys()].filter((key) => key.startsWith(prefix));
      if (now.length < list.length)
        problems.push(`'${prefix}' had ${list.length} keys, now ${now.length}`);
    }
  }
  // 4. Every key moved is gone, and its new key says the same.
  for (const [from, { to, signature: said }] of Object.entries(moved)) {
    if (keys.has(from)) problems.push(`${from}: moved to ${to} but still in the catalogue`);
    if (!keys.has(to)) problems.push(`${from}: moved to ${to}, which is not in the catalogue`);
    else if (signature(keys.get(to)) !== said)
      problems.push(`${from}: moved to ${to}, which says something else`);
  }
  if (problems.length) {
    console.error(
      `\nverify: FAILED, ${problems.length} problems (the tree is left as it is; undo with git checkout):`,
    );
    for (const line of problems) console.error(`  ${line}`);
    process.exit(1);
  }
  console.log(
    `verify: ok: ru and en have the same keys; ${scan.literals.length} key literals and ${scan.reads.length} catalogue reads resolve` +
      (guard
        ? `; ${Object.keys(guard.kept).length} keys built at run time or derived kept with their texts`
        : ' (no guard: run from the start to check kept keys)'),
  );
}

// ---------------------------------------------------------------------------------------------

/** What each key said before the run, to check its new key says the same. */
const said = (mapping) => {
  const keys = readCatalogue();
  return Object.fromEntries(
    Object.entries(mapping)
      .filter(([from]) => keys.has(from))
      .map(([from, to]) => [from, { to, signature: signature(keys.get(from)) }]),
  );
};

/** The run's record in the project's format (`npm run format:check` covers tools/). */
function formatRecord() {
  const files = fs
    .readdirSync(OUT)
    .filter((name) => /^(mapping\.json|report(-round-\d+)?\.md)$/.test(name));
  execFileSync('npx', ['prettier', '--log-level', 'warn', '--write', ...files], {
    cwd: OUT,
    stdio: 'inherit',
  });
}

if (mode === 'plan') {
  takeGuard();
  const round = plan();
  writeMapping(round.mapping);
  formatRecord();
  round.log();
} else if (mode === 'apply') {
  const guard = takeGuard();
  const mapping = JSON.parse(fs.readFileSync(MAPPING, 'utf8'));
  const before = said(mapping);
  const live = apply(mapping);
  verify(
    guard,
    Object.fromEntries(Object.entries(before).filter(([from]) => Object.hasOwn(live, from))),
  );
} else if (mode === 'verify') {
  verify();
} else {
  // Plan and apply until nothing more moves (a second round picks up a field whose first
  // candidate merged into a shared key); mapping.json is the whole way, old key -> final key.
  const guard = takeGuard();
  const start = readCatalogue();
  const whole = {};
  for (let round = 1; round <= 5; round++) {
    const { mapping, log } = plan();
    log();
    fs.copyFileSync(REPORT, path.join(OUT, `report-round-${round}.md`));
    if (Object.keys(mapping).length === 0) break;
    for (const [from, to] of Object.entries(whole)) if (mapping[to]) whole[from] = mapping[to];
    Object.assign(whole, mapping);
    apply(mapping);
  }
  writeMapping(whole);
  formatRecord();
  installTest();
  const end = readCatalogue();
  console.log(
    `keys: ${start.size} before, ${end.size} after; ${Object.keys(whole).length} moved or merged; ` +
      `duplicate groups: ${duplicateGroups(start).length} before (${duplicateKeys(start)} keys repeat another's text), ` +
      `${duplicateGroups(end).length} after (${duplicateKeys(end)})`,
  );
  verify(
    guard,
    Object.fromEntries(
      Object.entries(whole).map(([from, to]) => [
        from,
        { to, signature: signature(start.get(from)) },
      ]),
    ),
  );
}
