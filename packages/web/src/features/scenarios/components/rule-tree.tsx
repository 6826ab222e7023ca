import type { RuleNode, Verplichting } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import { alpha, type Theme } from '@mui/material/styles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { VisuallyHidden } from '@/components/visually-hidden/visually-hidden';
import { LABELS } from '@/lib/texts';
import { VerplichtingChip, VerplichtingChoice } from './verplichting';

export interface RuleTreeProps {
  /** The tree's accessible name: its tab. */
  label: string;
  nodes: readonly RuleNode[];
  /** Compare mode: the same tree of the scenario compared with; old values are shown before an arrow. */
  compared?: readonly RuleNode[] | undefined;
  /** Edit mode: the obligations can be chosen; absent, the tree is read-only. */
  onChange?: ((node: RuleNode, verplichting: Verplichting) => void) | undefined;
  /** The node whose obligation is being saved. */
  savingId?: string | undefined;
}

interface Line {
  node: RuleNode;
  depth: number;
  /** The labels of the node's parents, outermost first. */
  path: readonly string[];
}

const linesOf = (nodes: readonly RuleNode[], path: readonly string[] = []): Line[] =>
  nodes.flatMap((node) => [{ node, depth: path.length, path }, ...linesOf(node.rules, [...path, node.label])]);

const CHANGED = { bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.08) };

// A fixed node is required whatever its stored obligation says.
const shown = (node: RuleNode): Verplichting => (node.fixed ? 'Ja' : node.verplichting);

/** A tree of rule nodes as rows, children indented under their parent (spec 001 §2.2). */
export function RuleTree({ label, nodes, compared, onChange, savingId }: RuleTreeProps) {
  const old = compared && new Map(linesOf(compared).map(({ node }) => [node.id, node]));
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{LABELS.scenarios.veld}</TableCell>
          <TableCell sx={{ width: 280 }}>{LABELS.scenarios.verplichting}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {linesOf(nodes).map(({ node, depth, path }) => {
          const before = old?.get(node.id);
          const changed = old !== undefined && (before === undefined || shown(before) !== shown(node));
          return (
            // A table row has no level (aria-level is for tree grids): a child's parents are said in
            // words, 'Meter: Meternummer', where the eye sees the indent.
            <TableRow key={node.id} sx={changed ? CHANGED : undefined}>
              <TableCell>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, pl: depth * 3 }}>
                  <Box component="span" sx={{ fontWeight: depth === 0 ? 600 : 400 }}>
                    {path.length > 0 && <VisuallyHidden>{`${path.join(': ')}: `}</VisuallyHidden>}
                    {node.label}
                  </Box>
                  {node.fixed && (
                    <Tooltip title={LABELS.scenarios.fixed}>
                      <LockOutlinedIcon
                        fontSize="inherit"
                        aria-label={LABELS.scenarios.fixed}
                        sx={{ color: 'text.secondary' }}
                      />
                    </Tooltip>
                  )}
                </Stack>
              </TableCell>
              <TableCell>
                {old ? (
                  <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
                    {before ? <VerplichtingChip value={shown(before)} /> : <Box sx={{ minWidth: 76 }} />}
                    <ArrowForwardIcon fontSize="small" sx={{ color: changed ? 'warning.main' : 'text.disabled' }} />
                    <VerplichtingChip value={shown(node)} />
                  </Stack>
                ) : onChange ? (
                  <VerplichtingChoice
                    label={node.label}
                    value={shown(node)}
                    disabled={node.fixed || savingId !== undefined}
                    onChange={(verplichting) => onChange(node, verplichting)}
                  />
                ) : (
                  <VerplichtingChip value={shown(node)} />
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
