import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { FormikProps } from 'formik';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '../../api/generated.ts';
import { HAS_PARENT, type DocumentFormValues } from './document-values.ts';
import { DOCUMENT_TYPES } from './document-filters.ts';

/** The first step: one card per type (Order is the Service Order / Working Order). */
export function TypeStep(props: {
  form: FormikProps<DocumentFormValues>;
  underParent: boolean;
  onChosen: () => void;
}) {
  const { t } = useTranslation();
  const types = props.underParent
    ? DOCUMENT_TYPES.filter((type) => HAS_PARENT.includes(type))
    : DOCUMENT_TYPES;
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))', gap: 2 }}
    >
      {types.map((type: DocumentType) => (
        <Card
          key={type}
          variant="outlined"
          sx={
            props.form.values.type === type ? { borderColor: 'primary.main', borderWidth: 2 } : {}
          }
        >
          <CardActionArea
            onClick={() => {
              void props.form.setFieldValue('type', type);
              props.onChosen();
            }}
            data-testid={`type-${type}`}
            sx={{ height: '100%' }}
          >
            <CardContent>
              <Typography variant="h6" component="h2">
                {t(`documents.typeChoice.${type}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`documents.typeHelp.${type}`)}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}
