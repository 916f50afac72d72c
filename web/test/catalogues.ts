// The whole catalogue of each language, as the application has it: the sign-in part
// (`*.entry.json`) and the rest (`*.json`), which share no namespace (i18n.test.ts checks).
import enEntry from '../src/i18n/en.entry.json';
import enRest from '../src/i18n/en.json';
import ruEntry from '../src/i18n/ru.entry.json';
import ruRest from '../src/i18n/ru.json';

export const en: Record<string, any> = { ...enEntry, ...enRest };
export const ru: Record<string, any> = { ...ruEntry, ...ruRest };
export const parts = { en: [enEntry, enRest], ru: [ruEntry, ruRest] } as const;
