import type { MessageType } from '@knooppunt/domain';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef } from 'react';
import { LABELS } from '@/lib/texts';
import { useCheckBericht, type TesttoolBericht } from '../api/check-bericht';
import { useSendBericht } from '../api/send-bericht';
import { useSendProbe } from '../api/send-probe';
import { COMPOSABLE_TYPES, draftOf, envelopeOf, parseData, type ComposeDraft } from './compose-draft';
import { CallErrorAlert, CheckResult, SentResult } from './compose-results';
import { MONOSPACE } from './monospace';
import { ProbeResult } from './probe-result';

const T = LABELS.testtool.compose;

interface MessageComposerProps {
  draft: ComposeDraft;
  onChange: (draft: ComposeDraft) => void;
  /** The participant acted for (decision 0041); none for the own organisation. */
  namens: string | undefined;
  /** Its tab is the one shown. */
  visible: boolean;
  /** Counts 'Samenstellen' in a run's report: each time, the focus comes here once the composer shows. */
  focusRequest: number;
}

/**
 * 'Bericht samenstellen': any message of both flows, checked, sent into the test environment, or
 * the type's example sent to the organisation's own test callback. An answer stays on screen while
 * the composer still holds what it answered; change the message and it goes.
 */
export function MessageComposer({ draft, onChange, namens, visible, focusRequest }: MessageComposerProps) {
  const titleId = useId();
  const check = useCheckBericht();
  const send = useSendBericht();
  const probe = useSendProbe();
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(0);
  // After the report's panel has closed (its focus trap gives the focus back in the same commit,
  // to the list's row, now hidden): the user reads what was filled in from the top.
  useEffect(() => {
    if (!visible || focusRequest === focused.current) return;
    focused.current = focusRequest;
    heading.current?.focus();
  }, [visible, focusRequest]);

  const parsed = parseData(draft.data);
  const deelnemer = namens ? { deelnemer: namens } : {};
  const body: TesttoolBericht | undefined = parsed && { bericht: envelopeOf(draft, parsed.value), ...deelnemer };
  const shown = JSON.stringify(body);
  const holds = (variables: TesttoolBericht | undefined) =>
    variables !== undefined && JSON.stringify(variables) === shown;
  const probeShown = probe.variables?.type === draft.type && probe.variables.deelnemer === namens;

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 960 }}>
      <Typography id={titleId} ref={heading} tabIndex={-1} variant="h6" component="h2" sx={{ outline: 'none' }}>
        {T.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 2.5 }}>
        {T.intro}
      </Typography>
      <Stack sx={{ gap: 2.5 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2 }}>
          <TextField
            select
            required
            label={T.type}
            value={draft.type}
            onChange={(event) => onChange(draftOf(event.target.value as MessageType, draft.opdrachtId))}
            sx={{ flex: 1 }}
          >
            {COMPOSABLE_TYPES.map(({ type, flow }) => (
              <MenuItem key={type} value={type}>
                {T.typeOption(LABELS.testtool.flows[flow], type)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={T.opdrachtId}
            value={draft.opdrachtId}
            onChange={(event) => onChange({ ...draft, opdrachtId: event.target.value })}
            sx={{ flex: 1 }}
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          />
        </Stack>
        <TextField
          label={T.data}
          multiline
          minRows={12}
          value={draft.data}
          error={!parsed}
          helperText={parsed ? T.dataHelper : T.invalidJson}
          onChange={(event) => onChange({ ...draft, data: event.target.value })}
          slotProps={{ htmlInput: { spellCheck: false, sx: MONOSPACE } }}
        />
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            disabled={!body}
            loading={check.isPending}
            onClick={() => body && check.mutate(body)}
          >
            {T.check}
          </Button>
          <Button
            variant="contained"
            disabled={!body}
            loading={send.isPending}
            onClick={() => body && send.mutate(body)}
          >
            {T.send}
          </Button>
          {/* The server sends the type's own example: the data typed here plays no part. */}
          <Button
            variant="outlined"
            loading={probe.isPending}
            onClick={() => probe.mutate({ type: draft.type, ...deelnemer })}
          >
            {T.probe}
          </Button>
        </Stack>
        {holds(check.variables) && check.data && <CheckResult answer={check.data} />}
        {holds(check.variables) && check.error && <CallErrorAlert title={T.checkFailed} error={check.error} />}
        {holds(send.variables) && send.data && <SentResult accepted={send.data} />}
        {holds(send.variables) && send.error && <CallErrorAlert title={T.sendFailed} error={send.error} />}
        {probeShown && probe.data && <ProbeResult type={draft.type} answer={probe.data} />}
        {probeShown && probe.error && <CallErrorAlert title={T.probeFailed} error={probe.error} />}
      </Stack>
    </Box>
  );
}
