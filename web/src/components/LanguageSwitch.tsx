import { ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, rememberLanguage, type Language } from '../i18n/index.ts';

/** Russian or English; remembered in the browser. `onDark`: on the header's colour. */
export function LanguageSwitch({ onDark = false }: { onDark?: boolean }) {
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
          // Readable on the header's colour and on a white page: the chosen language is
          // white on dark or dark on white, never a faint tint (WCAG 2.2 AA contrast).
          sx={{
            color: 'inherit',
            borderColor: 'currentColor',
            '&.Mui-selected, &.Mui-selected:hover': onDark
              ? { color: 'primary.main', bgcolor: 'common.white' }
              : { color: 'primary.contrastText', bgcolor: 'primary.main' },
          }}
        >
          {t(`languages.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
