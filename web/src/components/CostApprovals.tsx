import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface Approvals {
  status: string;
  approvalsNeeded?: number | null;
  firstApprovedByName?: string | null;
  approvedByName?: string | null;
}

/**
 * Who approved a cost (docs/permissions.md, approval limits): above its subsidiary's limit both
 * approvers, or the first one and that a second approval is awaited.
 */
export function CostApprovals({ cost }: { cost: Approvals }) {
  const { t } = useTranslation();
  const two = cost.approvalsNeeded === 2;
  if (cost.status === 'approved' && cost.approvedByName) {
    return (
      <Typography variant="caption" sx={{ display: 'block' }} data-testid="cost-approvers">
        {two && cost.firstApprovedByName
          ? t('controls.approvedByTwo', {
              first: cost.firstApprovedByName,
              second: cost.approvedByName,
            })
          : t('controls.approvedBy', { name: cost.approvedByName })}
      </Typography>
    );
  }
  if (cost.status === 'to_approve' && two) {
    return (
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block' }}
        data-testid="cost-approvers"
      >
        {cost.firstApprovedByName
          ? t('controls.awaitingSecond', { first: cost.firstApprovedByName })
          : t('controls.needsTwo')}
      </Typography>
    );
  }
  return null;
}
