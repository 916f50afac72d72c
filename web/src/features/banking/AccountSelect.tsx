import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { companyName } from '../../components/names.ts';
import type { BankAccountOption } from './use-bank-account.ts';

/** The bank account a banking screen shows: name, subsidiary and currency. */
export function AccountSelect(props: {
  accounts: BankAccountOption[];
  account: BankAccountOption | undefined;
  onChange: (id: string) => void;
  width: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('banking.account')}
      value={props.account?.id ?? ''}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: props.width }}
      slotProps={props.testId ? { htmlInput: { 'data-testid': props.testId } } : undefined}
    >
      {props.accounts.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {a.name} · {companyName(a.subsidiary)} · {a.currency}
        </MenuItem>
      ))}
    </TextField>
  );
}
