import { pagingLabel } from '@knooppunt/domain';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { LABELS } from '@/lib/texts';

export interface DataTablePagingProps {
  skip: number;
  limit: number;
  count: number;
  /** The server capped its count: the label says 'meer dan' and the last page is found by reaching it. */
  countIsLowerBound?: boolean;
  onPageChange: (skip: number) => void;
}

export function DataTablePaging(props: DataTablePagingProps & { rowCount: number }) {
  const { skip, limit, count, countIsLowerBound = false, onPageChange, rowCount } = props;
  const from = rowCount === 0 ? 0 : skip + 1;
  const to = rowCount === 0 ? 0 : skip + rowCount;
  const isLastPage = countIsLowerBound ? rowCount < limit : skip + limit >= count;

  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 2, py: 1 }}>
      <Typography variant="body2" aria-live="polite">
        {pagingLabel(from, to, count, countIsLowerBound)}
      </Typography>
      <IconButton
        aria-label={LABELS.common.previousPage}
        disabled={skip === 0}
        onClick={() => onPageChange(Math.max(0, skip - limit))}
      >
        <ChevronLeftIcon />
      </IconButton>
      <IconButton aria-label={LABELS.common.nextPage} disabled={isLastPage} onClick={() => onPageChange(skip + limit)}>
        <ChevronRightIcon />
      </IconButton>
    </Stack>
  );
}
