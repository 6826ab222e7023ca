import type { ValueNode } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { useId } from 'react';
import { LABELS } from '@/lib/texts';

interface WaardenTreeProps {
  nodes: readonly ValueNode[];
  /** 'Wijzigen' instead of 'Tonen'. */
  editable: boolean;
  onOpen: (node: ValueNode) => void;
}

/** A tree of nested value lists, every level shown: nothing to expand. */
export function WaardenTree({ nodes, editable, onOpen }: WaardenTreeProps) {
  return (
    // Narrow enough that a node's button stays near its label on a wide screen.
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxWidth: 760 }}>
      {nodes.map((node) => (
        <TreeNode key={node.id} node={node} editable={editable} onOpen={onOpen} />
      ))}
    </Box>
  );
}

function TreeNode({ node, editable, onOpen }: { node: ValueNode } & Omit<WaardenTreeProps, 'nodes'>) {
  const labelId = useId();
  const beperkt = node.waarden.some((waarde) => !waarde.toegestaan);
  return (
    <Box component="li">
      {/* A named group, so the node's chip and button are found by its label. */}
      <Stack
        role="group"
        aria-labelledby={labelId}
        direction="row"
        sx={{
          alignItems: 'center',
          gap: 1.5,
          pl: 1,
          py: 0.5,
          minHeight: 44,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        <Typography id={labelId} sx={{ fontWeight: node.waardenlijsten.length > 0 ? 600 : 400 }}>
          {node.label}
        </Typography>
        {beperkt && <Chip size="small" color="warning" variant="outlined" label={LABELS.waardenlijsten.beperkt} />}
        <Button
          size="small"
          startIcon={editable ? <EditOutlinedIcon /> : <VisibilityOutlinedIcon />}
          onClick={() => onOpen(node)}
          sx={{ ml: 'auto' }}
        >
          {editable ? LABELS.waardenlijsten.edit : LABELS.waardenlijsten.show}
        </Button>
      </Stack>
      {node.waardenlijsten.length > 0 && (
        <Box sx={{ ml: 1, pl: 2.5, borderLeft: 1, borderColor: 'divider' }}>
          <WaardenTree nodes={node.waardenlijsten} editable={editable} onOpen={onOpen} />
        </Box>
      )}
    </Box>
  );
}
