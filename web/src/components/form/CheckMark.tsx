import { CheckBox, CheckBoxOutlineBlank } from '@mui/icons-material';
import { ListItemIcon } from '@mui/material';

/**
 * The check box drawn in an option of a multiple Select. Only a picture: the option itself says
 * whether it is chosen (aria-selected), so there is no second, unlabelled control inside it
 * (axe `label` and `nested-interactive`).
 */
export function CheckMark(props: { checked: boolean }) {
  return (
    <ListItemIcon sx={{ minWidth: 32 }}>
      {props.checked ? (
        <CheckBox fontSize="small" color="primary" />
      ) : (
        <CheckBoxOutlineBlank fontSize="small" />
      )}
    </ListItemIcon>
  );
}
