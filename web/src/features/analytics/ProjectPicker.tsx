import {
  Box,
  Chip,
  FormControl,
  InputLabel,
  ListItemText,
  MenuItem,
  OutlinedInput,
  Select,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CheckMark } from '../../components/form/CheckMark.tsx';

/** The projects of the report: several may be chosen; none chosen means all projects. */
export function ProjectPicker(props: {
  options: { id?: string | null; name?: string | null }[];
  selected: string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const { options, selected } = props;
  return (
    <FormControl sx={{ minWidth: 320, flex: 1 }}>
      <InputLabel id="analytics-projects-label" shrink>
        {t('titles.projects')}
      </InputLabel>
      <Select
        labelId="analytics-projects-label"
        multiple
        displayEmpty
        value={selected}
        onChange={(event) => {
          const value = event.target.value;
          props.onChange(typeof value === 'string' ? value.split(',') : value);
        }}
        input={<OutlinedInput label={t('titles.projects')} notched />}
        renderValue={(ids) =>
          ids.length === 0 ? (
            t('analytics.allProjects')
          ) : (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {ids.map((id) => (
                <Chip key={id} size="small" label={options.find((p) => p.id === id)?.name ?? '…'} />
              ))}
            </Box>
          )
        }
        data-testid="analytics-projects"
      >
        {options.map((project) => (
          <MenuItem key={project.id} value={project.id ?? ''}>
            <CheckMark checked={selected.includes(project.id ?? '')} />
            <ListItemText primary={project.name} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}
