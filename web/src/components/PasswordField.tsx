import { Visibility, VisibilityOff } from '@mui/icons-material';
import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { shortcutOf } from './shortcut-keys.ts';

/** A password input; the eye button or Ctrl+B shows or hides it (SPEC §2 shortcuts). */
export function PasswordField(props: TextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (shortcutOf(event) === 'togglePassword') {
      event.preventDefault();
      setVisible((v) => !v);
    }
    props.onKeyDown?.(event);
  };
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      onKeyDown={onKeyDown}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? t('login.hidePassword') : t('login.showPassword')}
                onClick={() => setVisible((v) => !v)}
                edge="end"
                tabIndex={-1}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
