import { Box } from '@mui/material';
import { Formik, useFormikContext } from 'formik';
import { useEffect } from 'react';
import * as yup from 'yup';
import { MonthInput } from '../../components/form/DateInput.tsx';
import { monthRule } from '../../components/form/rules.ts';

export interface PeriodValues {
  from: string;
  to: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** SPEC §5: a start later than the end is refused (the database says so too: InvalidPeriodRange). */
const schema = yup.object({
  from: monthRule().required('validation.required'),
  to: monthRule()
    .required('validation.required')
    .test('range', 'errors.codes.InvalidPeriodRange', function check(value) {
      const from = (this.parent as PeriodValues).from;
      return !value || !MONTH.test(value) || !MONTH.test(from) || from <= value;
    }),
});

/** Hands every well-formed pair of months to the page (which keeps them in the URL). */
function Sync(props: { current: PeriodValues; onChange: (values: PeriodValues) => void }) {
  const { values } = useFormikContext<PeriodValues>();
  const { current, onChange } = props;
  useEffect(() => {
    if (!MONTH.test(values.from) || !MONTH.test(values.to)) return;
    if (values.from !== current.from || values.to !== current.to) onChange(values);
  }, [values, current, onChange]);
  return null;
}

/** The analytics period: two month pickers of the form kit. */
export function PeriodFields(props: {
  value: PeriodValues;
  onChange: (values: PeriodValues) => void;
}) {
  return (
    <Formik
      initialValues={props.value}
      initialTouched={{ from: true, to: true }}
      validateOnMount
      enableReinitialize
      validationSchema={schema}
      onSubmit={() => {}}
    >
      <>
        <Sync current={props.value} onChange={props.onChange} />
        <Box sx={{ width: 210 }} data-testid="analytics-from">
          <MonthInput name="from" label="analytics.from" required />
        </Box>
        <Box sx={{ width: 210 }} data-testid="analytics-to">
          <MonthInput name="to" label="analytics.to" required />
        </Box>
      </>
    </Formik>
  );
}
