import { LocalizationProvider } from '@mui/x-date-pickers';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enUS as pickersEn, ruRU as pickersRu } from '@mui/x-date-pickers/locales';
import type { Locale } from 'date-fns';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

// One date locale at a time, loaded when the language is chosen.
const LOCALES: Record<string, () => Promise<Locale>> = {
  ru: () => import('date-fns/locale/ru').then((module) => module.ru),
  en: () => import('date-fns/locale/en-US').then((module) => module.enUS),
};

/** Date and month pickers in the reader's language: names of months and weekdays, formats. */
export function DatesProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const [locale, setLocale] = useState<Locale>();
  useEffect(() => {
    let current = true;
    void (LOCALES[i18n.language] ?? LOCALES.ru!)().then((loaded) => current && setLocale(loaded));
    return () => {
      current = false;
    };
  }, [i18n.language]);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={locale}
      // The pickers' own labels (clear, cancel, open the calendar…) in the same language.
      localeText={
        (i18n.language === 'en' ? pickersEn : pickersRu).components.MuiLocalizationProvider
          .defaultProps.localeText
      }
    >
      {children}
    </LocalizationProvider>
  );
}
