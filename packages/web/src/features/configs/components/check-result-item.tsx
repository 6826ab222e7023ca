import { CONFIG_TEXTS, CONNECTION_CHECK_DETAIL_COLLAPSE, type CheckResult } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import { useId, useState } from 'react';
import { LABELS } from '@/lib/texts';

/** Details are folded away when there is more than one line or the first line is long (spec 000 §4). */
export function detailsCollapse(lines: readonly string[]): boolean {
  return lines.length > 1 || (lines[0]?.length ?? 0) > CONNECTION_CHECK_DETAIL_COLLAPSE;
}

/** Text that looks like JSON, XML or HTML is shown as code; JSON pretty-printed. */
export function asCode(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      return JSON.stringify(JSON.parse(trimmed), null, 2);
    } catch {
      return undefined;
    }
  }
  return /^<[\s\S]*>$/.test(trimmed) ? trimmed : undefined;
}

function Detail({ text }: { text: string }) {
  const code = asCode(text);
  if (code === undefined) {
    return (
      <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {text}
      </Typography>
    );
  }
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        fontSize: '0.8125rem',
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        maxHeight: 240,
        overflow: 'auto',
      }}
    >
      {code}
    </Box>
  );
}

/** One checked item: a check mark, a cross with its details, or 'Geen controle gedaan'. */
export function CheckResultItem({ label, result }: { label: string; result: CheckResult | undefined }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const lines = result ? result.details.flatMap((detail) => detail.split('\n')) : [];
  const collapsed = detailsCollapse(lines);
  const icon = !result ? (
    <RemoveCircleOutlineIcon sx={{ color: 'text.disabled' }} aria-hidden />
  ) : result.success ? (
    <CheckCircleIcon color="success" aria-hidden />
  ) : (
    <CancelIcon color="error" aria-hidden />
  );

  return (
    <Stack component="li" direction="row" sx={{ gap: 1.5, py: 1, alignItems: 'flex-start' }} aria-label={label}>
      <Box sx={{ pt: 0.25, display: 'flex' }}>{icon}</Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2">{label}</Typography>
        <Typography variant="body2" sx={{ color: result ? 'text.primary' : 'text.secondary' }}>
          {result ? result.message : CONFIG_TEXTS.noCheck}
        </Typography>
        {result && !result.success && lines.length > 0 && !collapsed && <Detail text={lines[0] ?? ''} />}
        {result && !result.success && collapsed && (
          <>
            <Button
              size="small"
              onClick={() => setOpen((value) => !value)}
              aria-expanded={open}
              aria-controls={detailsId}
              endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
              sx={{ ml: -1, mt: 0.5 }}
            >
              {LABELS.connectionCheck.details}
            </Button>
            <Collapse in={open} id={detailsId} unmountOnExit>
              <Stack sx={{ gap: 1, mt: 1 }}>
                {result.details.map((detail, index) => (
                  <Detail key={index} text={detail} />
                ))}
              </Stack>
            </Collapse>
          </>
        )}
      </Box>
    </Stack>
  );
}
