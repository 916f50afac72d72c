import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, rememberLanguage, type Language } from '../i18n/index.ts';

/** Russian or English; remembered in the browser. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={i18n.language}
      onChange={(_event, value: Language | null) => value && void rememberLanguage(value)}
      aria-label={t('header.language')}
    >
      {LANGUAGES.map((language) => (
        <ToggleButton
          key={language}
          value={language}
          data-testid={`language-${language}`}
          sx={{ color: 'inherit' }}
        >
          {t(`languages.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
