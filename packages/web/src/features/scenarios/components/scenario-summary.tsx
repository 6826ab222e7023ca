import { DRAFT, WERKZAAMHEDEN, WERKZAAMHEID_LABELS, type Scenario } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { LABELS } from '@/lib/texts';

export const versieText = (versie: Scenario['versie']): string =>
  versie === DRAFT ? LABELS.scenarios.concept : LABELS.scenarios.versieNummer(versie);

/** What a scenario is for: whose, which bericht versie, discipline and version, and the combination of work. */
function factsOf(scenario: Scenario): [string, string][] {
  return [
    [LABELS.scenarios.omschrijving, scenario.omschrijving],
    [LABELS.scenarios.netbeheerder, scenario.netbeheerder],
    [LABELS.scenarios.berichtVersie, scenario.berichtVersie],
    [LABELS.scenarios.discipline, scenario.discipline],
    [LABELS.scenarios.versie, versieText(scenario.versie)],
    ...WERKZAAMHEDEN.map((kind): [string, string] => [WERKZAAMHEID_LABELS[kind], scenario.werkzaamheden[kind] ?? '']),
  ];
}

export function ScenarioSummary({ scenario }: { scenario: Scenario }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
        gap: 2,
        m: 0,
        '& dt': { typography: 'caption', color: 'text.secondary' },
        '& dd': { typography: 'body2', m: 0, fontWeight: 500 },
      }}
    >
      {factsOf(scenario).map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </Box>
  );
}

/** The compared (older) scenario and the current one side by side, what differs marked. */
export function ScenarioComparison({ scenario, compared }: { scenario: Scenario; compared: Scenario }) {
  const before = factsOf(compared);
  return (
    <Table size="small" aria-label={`${LABELS.scenarios.compared} → ${LABELS.scenarios.current}`}>
      <TableHead>
        <TableRow>
          <TableCell />
          <TableCell>{LABELS.scenarios.compared}</TableCell>
          <TableCell aria-hidden sx={{ width: 32 }} />
          <TableCell>{LABELS.scenarios.current}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {factsOf(scenario).map(([term, value], index) => {
          const old = before[index]?.[1] ?? '';
          const differs = old !== value;
          return (
            <TableRow
              key={term}
              sx={differs ? { bgcolor: (theme) => alpha(theme.palette.warning.main, 0.08) } : undefined}
            >
              <TableCell component="th" scope="row" sx={{ color: 'text.secondary', width: 200 }}>
                {term}
              </TableCell>
              <TableCell>{old}</TableCell>
              <TableCell aria-hidden sx={{ px: 0 }}>
                <ArrowForwardIcon
                  fontSize="small"
                  sx={{ color: differs ? 'warning.main' : 'text.disabled', verticalAlign: 'middle' }}
                />
              </TableCell>
              <TableCell sx={{ fontWeight: differs ? 600 : undefined }}>{value}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
