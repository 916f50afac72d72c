// The keyboard shortcuts (SPEC §2), by the key's place on the keyboard (`event.code`), so that
// they work in any layout: Ctrl+Q is Ctrl+Й on a Russian keyboard, and `event.key` is then "й".

export type Shortcut = 'clearSelection' | 'selectPage' | 'copyId' | 'togglePassword';

interface KeyPress {
  code?: string;
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
}

const BY_CODE: Record<string, { ctrl?: Shortcut; alt?: Shortcut }> = {
  KeyQ: { ctrl: 'clearSelection' },
  KeyA: { alt: 'selectPage' },
  KeyI: { ctrl: 'copyId' },
  KeyB: { ctrl: 'togglePassword' },
};

/** The shortcut a key press means, whatever the layout; the letter itself where no code is given. */
export function shortcutOf(event: KeyPress): Shortcut | undefined {
  if (event.metaKey || event.shiftKey) return undefined;
  const code = event.code || (/^[a-z]$/i.test(event.key) ? `Key${event.key.toUpperCase()}` : '');
  const meaning = BY_CODE[code];
  if (!meaning) return undefined;
  if (event.ctrlKey && !event.altKey) return meaning.ctrl;
  if (event.altKey && !event.ctrlKey) return meaning.alt;
  return undefined;
}
