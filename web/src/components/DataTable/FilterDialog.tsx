import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, Formik } from 'formik';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyObjectSchema } from 'yup';
import type { SearchOption } from '../form/search/sources.ts';
import {
  clearedFilters,
  filterFormValues,
  filtersFromForm,
  type FilterFormValues,
} from './filter-form.ts';
import type { RecordRef, TableConfig } from './table-state.ts';

/** What a record picker in the dialog needs: the record chosen now, and where its name goes. */
export interface RecordPicker {
  selected: SearchOption | null;
  onChosen: (chosen: SearchOption | null) => void;
}

/**
 * Every filter of a list in one form (formik, on the form kit's fields); Apply puts them in the
 * URL at once, "Clear all" sets them back, but those in `keep` (a view such as "unpaid").
 * The children are the fields, laid out two to a row; `picker(name)` wires a record picker.
 */
export function FilterDialog<F>(props: {
  open: boolean;
  config: TableConfig<F>;
  filters: F;
  onApply: (filters: F) => void;
  onClose: () => void;
  testId: string;
  schema?: AnyObjectSchema;
  keep?: (keyof F)[];
  children: (picker: (name: keyof F & string) => RecordPicker) => ReactNode;
}) {
  const { t } = useTranslation();
  const { config, filters } = props;
  // The names of the chosen records, for the chips.
  const labels = useRef<Record<string, string>>({});
  const picker = (name: keyof F & string): RecordPicker => {
    const ref = filters[name] as RecordRef | null;
    return {
      selected: ref ? { value: ref.id, label: ref.label } : null,
      onChosen: (chosen) => {
        if (chosen) labels.current[name] = chosen.label;
      },
    };
  };
  return (
    <Dialog open={props.open} onClose={props.onClose} fullWidth maxWidth="md">
      <Formik<FilterFormValues<F>>
        initialValues={filterFormValues(config, filters)}
        enableReinitialize
        validationSchema={props.schema}
        onSubmit={(values) => {
          props.onApply(filtersFromForm(config, filters, values, labels.current));
          props.onClose();
        }}
      >
        {({ resetForm }) => (
          <Form noValidate data-testid={props.testId}>
            <DialogTitle>{t('filters.title')}</DialogTitle>
            <DialogContent>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                  gap: 2,
                  pt: 1,
                }}
              >
                {props.children(picker)}
              </Box>
            </DialogContent>
            <DialogActions>
              <Button
                onClick={() => {
                  resetForm();
                  props.onApply(clearedFilters(config, filters, props.keep));
                  props.onClose();
                }}
              >
                {t('filters.clearAll')}
              </Button>
              <Button onClick={props.onClose}>{t('common.cancel')}</Button>
              <Button type="submit" variant="contained" data-testid="apply-filters">
                {t('filters.apply')}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
