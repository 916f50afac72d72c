import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'ledgerline.language';

// One language at a time, each in two parts: what the sign-in page needs (loaded at start) and the
// whole catalogue (loaded with the application after sign-in), so the first load stays small.
// The sign-in part is its own file per language (`ru.entry.json`: the namespaces ENTRY_NAMESPACES
// lists); the rest of the catalogue is `ru.json`. Together they are the whole catalogue.
export const ENTRY_NAMESPACES = [
  'common',
  'errors',
  'header',
  'languages',
  'login',
  'table',
  'titles',
  'validation',
] as const;
const ENTRY: Record<Language, () => Promise<{ default: object }>> = {
  ru: () => import('./ru.entry.json'),
  en: () => import('./en.entry.json'),
};
const APPLICATION: Record<Language, () => Promise<{ default: object }>> = {
  ru: () => import('./ru.json'),
  en: () => import('./en.json'),
};
let wholeCatalogue = false;
const loaded = new Set<string>();

async function addPart(language: Language, part: 'entry' | 'application'): Promise<void> {
  if (loaded.has(`${language}:${part}`)) return;
  const catalogue = await (part === 'entry' ? ENTRY : APPLICATION)[language]();
  i18next.addResourceBundle(language, 'translation', catalogue.default, true, true);
  loaded.add(`${language}:${part}`);
}

/** A language's sign-in part, and once the application has loaded, the rest. */
async function addCatalogue(language: Language): Promise<void> {
  await addPart(language, 'entry');
  if (wholeCatalogue) await addPart(language, 'application');
}

/** The whole catalogue of the current language (and of any chosen later): the application's. */
export async function loadWholeCatalogue(): Promise<void> {
  wholeCatalogue = true;
  await addCatalogue(i18next.language === 'en' ? 'en' : 'ru');
}

/** The remembered language, else Russian (SPEC: ru default). */
export function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return stored === 'en' || stored === 'ru' ? stored : 'ru';
}

async function useLanguage(language: Language): Promise<void> {
  await addCatalogue(language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export async function rememberLanguage(language: Language): Promise<void> {
  globalThis.localStorage?.setItem(STORAGE_KEY, language);
  await useLanguage(language);
}

/** Starts i18next in the remembered language (both catalogues hold every key: a test checks). */
export async function startI18n(): Promise<void> {
  await i18next.use(initReactI18next).init({
    resources: {},
    lng: initialLanguage(),
    fallbackLng: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await useLanguage(initialLanguage());
}

export default i18next;
