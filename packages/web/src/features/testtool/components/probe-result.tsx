import type { ProbeAnswer } from '@knooppunt/domain';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { formatCount, LABELS } from '@/lib/texts';
import { CodeBlock, formatBody } from './code-block';
import { MONOSPACE } from './monospace';

const T = LABELS.testtool.probe;

type Verzoek = NonNullable<ProbeAnswer['verzoek']>;
type Antwoord = NonNullable<ProbeAnswer['antwoord']>;

function Part({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Stack sx={{ gap: 1 }}>{children}</Stack>
    </Box>
  );
}

/** The exact request the simulator made: method and URL, every header (the token masked), the body. */
function RequestPart({ verzoek }: { verzoek: Verzoek }) {
  return (
    <Part title={T.verzoek}>
      <Box component="code" sx={{ ...MONOSPACE, overflowWrap: 'anywhere' }}>
        {verzoek.method} {verzoek.url}
      </Box>
      <Table size="small" aria-label={T.headers}>
        <TableHead>
          <TableRow>
            <TableCell>{T.header}</TableCell>
            <TableCell>{T.waarde}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {Object.entries(verzoek.headers).map(([name, value]) => (
            <TableRow key={name}>
              <TableCell sx={MONOSPACE}>{name}</TableCell>
              <TableCell sx={{ ...MONOSPACE, overflowWrap: 'anywhere' }}>{value}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="body2" component="p">
        {T.body}:
      </Typography>
      <CodeBlock>{formatBody(verzoek.body)}</CodeBlock>
    </Part>
  );
}

/** What the callback answered: its status, how long it took, and its body (credentials hidden by the server). */
function AnswerPart({ antwoord }: { antwoord: Antwoord }) {
  const facts: [string, string][] = [
    [T.status, [antwoord.status, antwoord.statusText].filter(Boolean).join(' ')],
    [T.tijd, T.ms(formatCount(antwoord.ms))],
  ];
  return (
    <Part title={T.antwoord}>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
        {facts.map(([term, value]) => (
          <Box key={term} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" component="p">
        {T.body}:
      </Typography>
      <CodeBlock>{antwoord.body ? formatBody(antwoord.body) : T.emptyBody}</CodeBlock>
    </Part>
  );
}

/** 'Proefbericht naar mijn testcallback': how it went in words, then the request and the answer. */
export function ProbeResult({ type, answer }: { type: string; answer: ProbeAnswer }) {
  const titleId = useId();
  const { token, verzoek, antwoord, fout } = answer;
  const ok = antwoord !== undefined && antwoord.status >= 200 && antwoord.status < 300;
  return (
    <Box component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {T.title(type)}
      </Typography>
      <Stack sx={{ gap: 2 }}>
        {token && !token.success && (
          <Alert severity="error">
            <AlertTitle>{T.tokenFailed}</AlertTitle>
            {token.message}
            {token.details.length > 0 && (
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {token.details.map((detail, index) => (
                  <Typography key={index} component="li" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {detail}
                  </Typography>
                ))}
              </Box>
            )}
          </Alert>
        )}
        {antwoord && (
          // The status in words: the colour only repeats whether it was a 2xx.
          <Alert severity={ok ? 'success' : 'warning'}>
            {T.answered(antwoord.status, antwoord.statusText, formatCount(antwoord.ms))}
          </Alert>
        )}
        {fout && (
          <Alert severity="error">
            <AlertTitle>{T.callFailed}</AlertTitle>
            {fout}
          </Alert>
        )}
        {verzoek && <RequestPart verzoek={verzoek} />}
        {antwoord && <AnswerPart antwoord={antwoord} />}
      </Stack>
    </Box>
  );
}
