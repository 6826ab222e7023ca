import { createTheme } from '@mui/material/styles';
import { nlNL } from '@mui/material/locale';
import { TOAST_ROOM } from '@/components/notifications/notify-context';

/** A grid operator's house style: deep blue with an orange accent on a quiet grey ground. */
export const theme = createTheme(
  {
    palette: {
      primary: { main: '#0b3d91', contrastText: '#ffffff' },
      secondary: { main: '#f28c28', contrastText: '#1d1d1f' },
      // A shade darker than MUI's #0288d1: white on it reads at 4.8:1 (WCAG AA), as on the
      // 'Gepauzeerd' chip of a paused sender (3.85:1 before, issue 33).
      info: { main: '#0277bd' },
      // MUI's own oranges, with dark text on them: white on #ed6c02 reads at 3.1:1, this at 5:1
      // (WCAG AA), as on the 'Termijn verlopen' chip of a late order (decision 0063).
      warning: { main: '#ed6c02', light: '#ff9800', dark: '#e65100', contrastText: '#1b2433' },
      background: { default: '#f3f5f9', paper: '#ffffff' },
      text: { primary: '#1b2433', secondary: '#5b6678' },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Roboto Variable", Roboto, "Segoe UI", "Helvetica Neue", Arial, sans-serif',
      h4: { fontSize: '1.75rem', fontWeight: 600, letterSpacing: 0 },
      h6: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { size: 'small' } },
      // A tooltip opens on hover (and touch), not on focus: a dialog hands focus back to the button
      // that opened it, and a focus-opened tooltip then stayed over the next row's button until the
      // button lost focus (decision 0030). Every button it labels has that text as its name.
      MuiTooltip: { defaultProps: { disableFocusListener: true } },
      MuiTableCell: {
        styleOverrides: {
          // Compact list cells, so a list of ten columns fits a laptop (1280 px) without scrolling.
          sizeSmall: {
            padding: '6px 8px',
            '&:first-of-type': { paddingLeft: 16 },
            '&:last-of-type': { paddingRight: 16 },
          },
          head: ({ theme }) => ({
            fontWeight: 600,
            color: theme.palette.text.secondary,
            backgroundColor: '#f7f8fb',
            whiteSpace: 'nowrap',
          }),
        },
      },
      MuiDialog: {
        styleOverrides: {
          // While an alert is shown at the bottom of the window, a dialog keeps clear of it
          // (decision 0058): a tall one shrinks, one that would reach it moves up just enough (the
          // paper's own half height, 50%, against half the window), the others stay where they are.
          // Without an alert the variable is unset, which makes the transform invalid: none.
          paper: ({ ownerState, theme }) =>
            ownerState.scroll === 'paper' && !ownerState.fullScreen
              ? {
                  maxHeight: `calc(100% - 64px - var(${TOAST_ROOM}, 0px))`,
                  transform: `translateY(min(0px, calc(50vh - 50% - 32px - var(${TOAST_ROOM}))))`,
                  transition: theme.transitions.create(['box-shadow', 'transform', 'max-height']),
                }
              : {},
        },
      },
      MuiListSubheader: {
        styleOverrides: {
          root: {
            fontSize: '0.75rem',
            fontWeight: 700,
            textTransform: 'uppercase',
            letterSpacing: '0.06em',
            lineHeight: '36px',
          },
        },
      },
    },
  },
  nlNL,
);
