import { Block, Link as LinkIcon, Undo } from '@mui/icons-material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankLine } from './columns.ts';
import { Tooltip } from '../../components/Tooltip.tsx';
import { RowIconButton } from '../../components/DataTable/row-icon-button.tsx';

/** A line's actions, as the database allows them (availableActions): match, not a payment, undo. */
export function BankLineActions(props: {
  line: BankLine;
  onMatch: () => void;
  onIgnore: () => void;
  onUndo: () => void;
}) {
  const allowed = (action: string) => props.line.availableActions?.includes(action);
  return (
    <>
      {allowed('accept') && (
        <Action label="banking.match" testId="match" onClick={props.onMatch}>
          <LinkIcon fontSize="small" />
        </Action>
      )}
      {allowed('ignore') && (
        <Action label="banking.notAPayment" testId="ignore" onClick={props.onIgnore}>
          <Block fontSize="small" />
        </Action>
      )}
      {allowed('undo') && (
        <Action label="banking.undo" testId="undo" onClick={props.onUndo}>
          <Undo fontSize="small" />
        </Action>
      )}
    </>
  );
}

function Action(props: {
  label: string;
  testId: string;
  onClick: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Tooltip title={t(props.label)}>
      <RowIconButton aria-label={t(props.label)} data-testid={props.testId} onClick={props.onClick}>
        {props.children}
      </RowIconButton>
    </Tooltip>
  );
}
