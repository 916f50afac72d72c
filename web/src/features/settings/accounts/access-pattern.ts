/**
 * The tokens of a project access pattern, as app_public.access_pattern_tokens splits them (spaces
 * or commas), each marked valid or not as app_public.is_valid_access_pattern judges it: an
 * optional `!` (exclude), then Latin letters, digits, `_`, `.` and `*`. The browser repeats the
 * rule to mark a bad token at once; the database refuses it on save (InvalidAccessToken).
 */
export interface PatternToken {
  text: string;
  exclude: boolean;
  valid: boolean;
}

export function patternTokens(pattern: string): PatternToken[] {
  return pattern
    .trim()
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((text) => ({
      text,
      exclude: text.startsWith('!'),
      valid: /^!?[A-Za-z0-9_.*]+$/.test(text),
    }));
}
