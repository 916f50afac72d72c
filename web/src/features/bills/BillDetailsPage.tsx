import { RecordHistory } from '../../components/history/RecordHistory.tsx';
import { Add, ArrowBack, Delete, Download } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Grid,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Paper,
  Snackbar,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/errors.ts';
import {
  AddBillFilesDocument,
  BillDetailsDocument,
  CloseBillAsPaidDocument,
  CreateBillPaymentDocument,
  DeleteBillDocument,
  DeletePaymentDocument,
  RemoveBillFilesDocument,
  SetBillDeletedDocument,
  ValidateBillDocument,
  type BillDetailsQuery,
} from '../../api/generated.ts';
import { useGraphQLMutation, useGraphQLQuery } from '../../api/hooks.ts';
import { fileUrl } from '../../api/storage.ts';
import { api } from '../../app/services.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../components/format.ts';
import { AddFilesDialog } from './AddFilesDialog.tsx';
import { CloseAsPaidDialog } from '../../components/CloseAsPaidDialog.tsx';
import { EditBillDialog } from './EditBillDialog.tsx';
import { daysOverdue } from './overdue.ts';
import { companyName, personName, periodLabel } from './names.ts';
import { PaymentDialog } from '../../components/PaymentDialog.tsx';
import { PeriodLockedBanner } from '../../components/PeriodLockedBanner.tsx';
import { UsdRateNote } from '../../components/UsdRateNote.tsx';

type Bill = NonNullable<BillDetailsQuery['billById']>;

/** The order the actions are offered in; which of them show comes from the server. */
const ACTIONS = [
  'validate',
  'close_as_paid',
  'edit',
  'archive',
  'unarchive',
  'delete',
  'force_delete',
] as const;
type Action = (typeof ACTIONS)[number];

/** Downloads a stored file with the session's token (a plain link would carry none). */
async function download(id: string, name: string) {
  const response = await api.authorizedFetch(fileUrl(id, 'download'));
  if (!response.ok) throw new Error(response.statusText);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function BillDetailsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().bill);
  const query = useGraphQLQuery(
    BillDetailsDocument,
    { id },
    { reads: ['Bill', 'Payment', 'Cost', 'File', 'Company', 'Project', 'Service', 'User'] },
  );
  if (query.isPending)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('table.loading')} />
      </Box>
    );
  if (query.error)
    return (
      <Box sx={{ p: 3 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(t, query.error)}
        </Alert>
      </Box>
    );
  const bill = query.data?.billById;
  if (!bill)
    return (
      <Box sx={{ p: 4 }} data-testid="bill-not-found">
        <Typography variant="h5" component="h1" gutterBottom>
          {t('bills.notFound', { id })}
        </Typography>
        <Button component={Link} to="/bills" variant="contained" startIcon={<ArrowBack />}>
          {t('bills.backToList')}
        </Button>
      </Box>
    );
  return <BillView bill={bill} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Grid size={{ xs: 12, sm: 6, md: 4 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {t(label)}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Grid>
  );
}

function Section({
  title,
  action,
  children,
  testId,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: 2, mb: 2 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t(title)}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

function BillView({ bill }: { bill: Bill }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const lang = i18n.language;
  const changes = ['Bill', 'Payment', 'Cost', 'File'] as const;
  const validate = useGraphQLMutation(ValidateBillDocument, changes);
  const close = useGraphQLMutation(CloseBillAsPaidDocument, changes);
  const setDeleted = useGraphQLMutation(SetBillDeletedDocument, changes);
  const remove = useGraphQLMutation(DeleteBillDocument, changes);
  const pay = useGraphQLMutation(CreateBillPaymentDocument, ['Payment', 'Bill']);
  const unpay = useGraphQLMutation(DeletePaymentDocument, ['Payment', 'Bill']);
  const [dialog, setDialog] = useState<Action | 'payment' | undefined>();
  const [deletingPayment, setDeletingPayment] = useState<string>();
  const [addingFiles, setAddingFiles] = useState(false);
  const addFiles = useGraphQLMutation(AddBillFilesDocument, ['Bill', 'File']);
  const removeFiles = useGraphQLMutation(RemoveBillFilesDocument, ['Bill', 'File']);
  const [failure, setFailure] = useState<unknown>();
  const [busy, setBusy] = useState(false);

  const allowed = new Set((bill.availableActions ?? []).filter(Boolean));
  const remaining = bill.remainingAmount ?? '0';
  const money = (value: string | null | undefined, currency = bill.currency) =>
    formatMoney(value, lang, currency);
  const overdue = bill.status !== 'paid' && daysOverdue(bill.dueDate) > 0;
  // Payments and files as the bill's availableActions allow (add_payment needs payment:write and
  // money remaining; a closed period allows nothing): the screen decides none of it itself.
  const mayPay = allowed.has('add_payment');
  const mayDeletePayments = allowed.has('delete_payment');
  const mayEditFiles = allowed.has('add_files') && allowed.has('remove_files');

  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailure(undefined);
    try {
      await work();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const onAction = (action: Action) => {
    if (action === 'validate') void run(() => validate.mutateAsync({ billId: bill.id }));
    else if (action === 'archive' || action === 'unarchive')
      void run(() => setDeleted.mutateAsync({ billId: bill.id, isDeleted: action === 'archive' }));
    else setDialog(action);
  };

  const payments = bill.billsPayments.nodes.flatMap((link) =>
    link?.payment ? [{ linkId: link.id, ...link.payment }] : [],
  );
  const files = bill.billsFiles.nodes.flatMap((link) => (link?.file ? [link.file] : []));

  return (
    <Box sx={{ p: 3 }} data-testid="bill-details">
      <Button component={Link} to="/bills" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('bills.backToList')}
      </Button>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ mr: 1 }} data-testid="bill-title">
          {t('bills.heading', { id: bill.id, name: bill.name })}
        </Typography>
        <Chip label={t(`statuses.${bill.status}`)} data-testid="bill-status" />
        {bill.paymentStatus === 'partially_paid' && (
          <Chip color="warning" label={t('bills.partiallyPaid')} data-testid="badge-partial" />
        )}
        {bill.isDeleted && <Chip label={t('bills.archivedBadge')} data-testid="badge-archived" />}
        {overdue && (
          <Chip
            color="error"
            label={t('bills.overdueBadge', { count: daysOverdue(bill.dueDate) })}
            data-testid="badge-overdue"
          />
        )}
      </Stack>
      <PeriodLockedBanner
        lockedThrough={bill.lockedThrough}
        subsidiary={companyName(bill.subsidiary)}
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}
        data-testid="bill-actions"
      >
        {ACTIONS.filter((action) => allowed.has(action)).map((action) => (
          <Button
            key={action}
            variant={action === 'validate' || action === 'close_as_paid' ? 'contained' : 'outlined'}
            color={action === 'delete' || action === 'force_delete' ? 'error' : 'primary'}
            disabled={busy}
            onClick={() => onAction(action)}
            data-testid={`action-${action}`}
          >
            {t(`bills.actions.${action}`)}
          </Button>
        ))}
      </Stack>
      {failure !== undefined && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="action-error">
          {errorMessage(t, failure)}
        </Alert>
      )}

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Section title="bills.sections.details" testId="bill-fields">
            <Grid container spacing={2}>
              <Field label="bills.client">{companyName(bill.client)}</Field>
              <Field label="bills.subsidiary">{companyName(bill.subsidiary)}</Field>
              <Field label="bills.project">{bill.project?.name}</Field>
              <Field label="bills.service">{bill.service?.name}</Field>
              <Field label="bills.period">{periodLabel(t, bill.period, bill.year)}</Field>
              <Field label="bills.invoiceRef">{bill.invoiceRef}</Field>
              <Field label="bills.invoiceDate">{formatDate(bill.invoiceDate, lang)}</Field>
              <Field label="bills.dueDate">{formatDate(bill.dueDate, lang)}</Field>
              <Field label="bills.lastPaymentDate">{formatDate(bill.lastPaymentDate, lang)}</Field>
              <Field label="bills.created">
                {[formatDateTime(bill.createdAt, lang), personName(bill.userByCreatedBy)]
                  .filter(Boolean)
                  .join(', ')}
              </Field>
              <Field label="bills.closedBy">{personName(bill.userByClosedBy)}</Field>
              <Field label="bills.costsStatus">{t(`statuses.${bill.costsStatus}`)}</Field>
              <Grid size={12}>
                <Typography variant="caption" color="text.secondary" component="div">
                  {t('bills.description')}
                </Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{bill.description || '—'}</Typography>
              </Grid>
            </Grid>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Section title="bills.sections.amounts" testId="bill-amounts">
            <Table size="small">
              <TableBody>
                {(
                  [
                    ['bills.amount', bill.amount, bill.amountUsd],
                    ['bills.vatAmount', bill.vatAmount, undefined],
                    ['bills.amountWVat', bill.amountWVat, bill.amountUsdWVat],
                    ['bills.paid', bill.paidAmount, undefined],
                    ['bills.remaining', remaining, undefined],
                  ] as const
                ).map(([label, value, usd]) => (
                  <TableRow key={label}>
                    <TableCell component="th" scope="row">
                      {label === 'bills.vatAmount'
                        ? t(label, { vat: formatMoney(bill.vat, lang) })
                        : t(label)}
                    </TableCell>
                    <TableCell
                      align="right"
                      sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                      data-testid={`amount-${label.split('.')[1]}`}
                    >
                      {money(value)}
                      {usd !== undefined && (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {money(usd, 'USD')}
                        </Typography>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <UsdRateNote date={bill.usdRateDate} currency={bill.currency} />
          </Section>
        </Grid>
      </Grid>

      <Section
        title="payments.heading"
        testId="bill-payments"
        action={
          mayPay && (
            <Button
              startIcon={<Add />}
              onClick={() => setDialog('payment')}
              data-testid="add-payment"
            >
              {t('payments.add')}
            </Button>
          )
        }
      >
        {payments.length === 0 ? (
          <Typography color="text.secondary">{t('payments.none')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('payments.date')}</TableCell>
                <TableCell>{t('payments.method')}</TableCell>
                <TableCell>{t('banking.reference')}</TableCell>
                <TableCell align="right">{t('payments.amountColumn')}</TableCell>
                <TableCell align="right">{t('bills.amountUsd')}</TableCell>
                <TableCell>{t('payments.by')}</TableCell>
                {mayDeletePayments && <TableCell>{t('table.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {payments.map((payment) => (
                <TableRow key={payment.id} data-testid="payment-row">
                  <TableCell>{formatDate(payment.paymentDate, lang)}</TableCell>
                  <TableCell>{t(`payments.methods.${payment.paymentMethod}`)}</TableCell>
                  <TableCell data-testid="payment-reference">{payment.reference ?? ''}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {money(payment.amount, payment.currency)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {payment.amountUsd ? money(payment.amountUsd, 'USD') : '—'}
                  </TableCell>
                  <TableCell>{personName(payment.userByCreatedBy)}</TableCell>
                  {mayDeletePayments && (
                    <TableCell>
                      <IconButton
                        size="small"
                        aria-label={t('payments.delete')}
                        onClick={() => setDeletingPayment(payment.id)}
                        data-testid="delete-payment"
                      >
                        <Delete fontSize="small" />
                      </IconButton>
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section title="bills.sections.costs" testId="bill-costs">
        {bill.costs.nodes.length === 0 ? (
          <Typography color="text.secondary">{t('bills.noCosts')}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('bills.id')}</TableCell>
                <TableCell>{t('bills.name')}</TableCell>
                <TableCell>{t('bills.project')}</TableCell>
                <TableCell>{t('bills.period')}</TableCell>
                <TableCell align="right">{t('bills.amount')}</TableCell>
                <TableCell align="right">{t('bills.amountWVat')}</TableCell>
                <TableCell align="right">{t('bills.amountUsdWVat')}</TableCell>
                <TableCell>{t('bills.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bill.costs.nodes.flatMap((cost) =>
                cost
                  ? [
                      <TableRow key={cost.id} data-testid="cost-row">
                        <TableCell>{cost.id}</TableCell>
                        <TableCell>{cost.name}</TableCell>
                        <TableCell>{cost.project?.name}</TableCell>
                        <TableCell>{periodLabel(t, cost.period, cost.year)}</TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {money(cost.amount, cost.currency)}
                        </TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {money(cost.amountWVat, cost.currency)}
                        </TableCell>
                        <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                          {money(cost.amountUsdWVat, 'USD')}
                        </TableCell>
                        <TableCell>{t(`statuses.${cost.status}`)}</TableCell>
                      </TableRow>,
                    ]
                  : [],
              )}
            </TableBody>
          </Table>
        )}
      </Section>

      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section
            title="bills.sections.files"
            testId="bill-files"
            action={
              mayEditFiles && (
                <Button
                  startIcon={<Add />}
                  onClick={() => setAddingFiles(true)}
                  data-testid="add-files"
                >
                  {t('bills.addFiles')}
                </Button>
              )
            }
          >
            <List dense disablePadding>
              <FileItem
                label={t('bills.act')}
                file={bill.act}
                empty={t('bills.noAct')}
                onFailure={setFailure}
              />
              {files.map((file) => (
                <FileItem
                  key={file.id}
                  file={file}
                  onFailure={setFailure}
                  onRemove={
                    mayEditFiles
                      ? () =>
                          void run(() =>
                            removeFiles.mutateAsync({ billId: bill.id, fileIds: [file.id] }),
                          )
                      : undefined
                  }
                />
              ))}
            </List>
            {files.length === 0 && (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {t('bills.noFiles')}
              </Typography>
            )}
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Section title="bills.sections.history" testId="bill-feed">
            <RecordHistory
              kind="bills"
              id={bill.id}
              entries={bill.history.nodes}
              onFailure={setFailure}
            />
          </Section>
        </Grid>
      </Grid>

      <AddFilesDialog
        open={addingFiles}
        onClose={() => setAddingFiles(false)}
        onAttach={(fileIds) => addFiles.mutateAsync({ billId: bill.id, fileIds })}
      />
      <PaymentDialog
        open={dialog === 'payment'}
        currency={bill.currency}
        remaining={remaining}
        onClose={() => setDialog(undefined)}
        onSubmit={(values) =>
          pay.mutateAsync({ billId: bill.id, currency: bill.currency, ...values })
        }
      />
      {dialog === 'close_as_paid' && (
        <CloseAsPaidDialog
          open
          currency={bill.currency}
          remaining={remaining}
          onClose={() => setDialog(undefined)}
          onConfirm={(final) =>
            close.mutateAsync({
              billId: bill.id,
              finalPaymentMethod: final?.method,
              finalPaymentDate: final?.date,
            })
          }
        />
      )}
      <EditBillDialog bill={bill} open={dialog === 'edit'} onClose={() => setDialog(undefined)} />
      <ConfirmDialog
        open={dialog === 'delete' || dialog === 'force_delete'}
        title={t(`bills.actions.${dialog === 'force_delete' ? 'force_delete' : 'delete'}`)}
        text={
          dialog === 'force_delete'
            ? t('bills.forceDeleteWarning', { id: bill.id })
            : t('bills.deleteQuestion', { id: bill.id })
        }
        onClose={() => setDialog(undefined)}
        onConfirm={() => {
          const force = dialog === 'force_delete';
          setDialog(undefined);
          void run(async () => {
            await remove.mutateAsync({ billId: bill.id, force });
            await navigate('/bills');
          });
        }}
      />
      <ConfirmDialog
        open={deletingPayment !== undefined}
        title={t('payments.delete')}
        text={t('payments.deleteQuestion')}
        onClose={() => setDeletingPayment(undefined)}
        onConfirm={() => {
          const paymentId = deletingPayment!;
          setDeletingPayment(undefined);
          void run(() => unpay.mutateAsync({ paymentId }));
        }}
      />
      <Snackbar open={busy} message={t('bills.working')} />
    </Box>
  );
}

function FileItem(props: {
  label?: string;
  file: { id: string; name: string } | null | undefined;
  empty?: string;
  onFailure: (error: unknown) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const { file } = props;
  return (
    <ListItem
      disableGutters
      data-testid="file-item"
      secondaryAction={
        file && (
          <>
            <IconButton
              aria-label={t('bills.download', { name: file.name })}
              onClick={() => download(file.id, file.name).catch(props.onFailure)}
            >
              <Download />
            </IconButton>
            {props.onRemove && (
              <IconButton
                edge="end"
                aria-label={t('bills.removeFile', { name: file.name })}
                onClick={props.onRemove}
                data-testid="remove-file"
              >
                <Delete />
              </IconButton>
            )}
          </>
        )
      }
    >
      <ListItemText primary={file ? file.name : props.empty} secondary={props.label} />
    </ListItem>
  );
}
