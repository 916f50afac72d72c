import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['ru', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
const STORAGE_KEY = 'ledgerline.language';

// One language at a time: each is its own chunk, loaded when first chosen.
const CATALOGUES: Record<Language, () => Promise<{ default: object }>> = {
  ru: () => import('./ru.json'),
  en: () => import('./en.json'),
};

/** The remembered language, else Russian (SPEC: ru default). */
export function initialLanguage(): Language {
  const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
  return stored === 'en' || stored === 'ru' ? stored : 'ru';
}

async function useLanguage(language: Language): Promise<void> {
  if (!i18next.hasResourceBundle(language, 'translation')) {
    const catalogue = await CATALOGUES[language]();
    i18next.addResourceBundle(language, 'translation', catalogue.default);
  }
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
