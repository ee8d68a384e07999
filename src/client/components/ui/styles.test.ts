import MuiBox from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import { alpha, createTheme } from '@mui/material/styles';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { COLORS, translucent } from '../../lib/theme-tokens.ts';
import type { Alert } from './Alert.ts';
import { Box } from './Box.ts';
import { Button } from './Button.ts';
import type { Card } from './Card.ts';
import type { Chip } from './Chip.ts';
import type { DialogContent, DialogTitle } from './Dialog.ts';
import { Dialog } from './Dialog.ts';
import type { IconButton } from './IconButton.ts';
import type { List, ListItem, ListItemButton } from './List.ts';
import type { Paper } from './Paper.ts';
import { Radio } from './Radio.ts';
import type { Stack } from './Stack.ts';
import { Switch } from './Switch.ts';
import { BLINK_KEYFRAMES, BOUNCE_KEYFRAMES, PULSE_KEYFRAMES, RECORDING_KEYFRAMES, choiceOutline, transition } from './styles.ts';
import type { Table, TableCell, TableRow } from './Table.ts';
import type { Tab, Tabs } from './Tabs.ts';
import { TextField } from './TextField.ts';
import type { Typography } from './Typography.ts';
import type { UiStyle } from './style.ts';

// The ui layer's style contract (docs/decisions/033, "What the layer does not hide"): a primitive's
// `sx` is a UiStyle — plain data, no theme callbacks — and the helpers that replaced the theme's
// functions give the very strings MUI gave, so the pixels stay.

describe('UiStyle helpers', () => {
  const theme = createTheme();

  it('translucent gives the colour MUI’s alpha gave, for the tokens and for an assistant’s own colours', () => {
    for (const color of [
      COLORS.primary,
      COLORS.success,
      COLORS.pink,
      '#000000',
      '#FFFFFF',
      '#fff',
      '#1a2B3c',
    ]) {
      for (const opacity of [0, 0.08, 0.14, 0.5, 1])
        expect(translucent(color, opacity)).toBe(alpha(color, opacity));
    }
  });

  it('translucent mixes any other colour with transparent', () => {
    expect(translucent('rgb(12, 34, 56)', 0.5)).toBe('color-mix(in srgb, rgb(12, 34, 56) 50%, transparent)');
  });

  it('transition is the theme’s standard transition', () => {
    expect(transition('border-color', 'background-color')).toBe(
      theme.transitions.create(['border-color', 'background-color']),
    );
    expect(transition('border-color')).toBe(theme.transitions.create('border-color'));
  });

  it('a chosen card is outlined and tinted in its tone, an unchosen one sits on the raised surface', () => {
    expect(choiceOutline(true, { tone: 'green', width: '1.5px', tint: 0.1 })).toMatchObject({
      border: `1.5px solid ${COLORS.green}`,
      bgcolor: alpha(COLORS.green, 0.1),
    });
    expect(choiceOutline(false)).toMatchObject({
      border: `1px solid ${COLORS.border}`,
      bgcolor: COLORS.surfaceRaised,
    });
  });

  it('the animations are @keyframes rules named mika-<name>', () => {
    const rules = [BOUNCE_KEYFRAMES, BLINK_KEYFRAMES, PULSE_KEYFRAMES, RECORDING_KEYFRAMES];
    expect(rules.map((rule) => Object.keys(rule))).toEqual([
      ['@keyframes mika-bounce'],
      ['@keyframes mika-blink'],
      ['@keyframes mika-pulse'],
      ['@keyframes mika-recording'],
    ]);
  });
});

describe('ui primitives take a UiStyle as sx', () => {
  it('stay MUI’s components at run time (types only: the bundles do not grow)', () => {
    expect(Box).toBe(MuiBox);
    expect(Button).toBe(MuiButton);
  });

  it('TextField takes htmlInput, shrinkLabel and nativeSelect for MUI’s slotProps', () => {
    const field = renderToStaticMarkup(
      createElement(TextField, { label: 'Firmenname', htmlInput: { maxLength: 80, 'data-testid': 'firma' }, shrinkLabel: true }),
    );
    expect(field).toMatch(/<input[^>]*maxLength="80"|<input[^>]*maxlength="80"/);
    expect(field).toContain('data-testid="firma"');
    expect(field).toMatch(/<label[^>]*data-shrink="true"/);
    const select = renderToStaticMarkup(
      createElement(TextField, { select: true, nativeSelect: true, label: 'Land', value: 'DE', children: createElement('option', { value: 'DE' }, 'Deutschland') }),
    );
    expect(select).toContain('<select');
  });

  it('Switch and Radio take htmlInput for their native input', () => {
    const toggle = renderToStaticMarkup(createElement(Switch, { htmlInput: { 'aria-label': 'Kontaktformular' } }));
    expect(toggle).toMatch(/<input[^>]*aria-label="Kontaktformular"/);
    const radio = renderToStaticMarkup(createElement(Radio, { value: 'invite', htmlInput: { 'aria-label': 'Einladung per E-Mail senden' } }));
    expect(radio).toMatch(/<input[^>]*aria-label="Einladung per E-Mail senden"/);
  });

  it('Dialog takes paperWidth: that width, never wider than the screen less 16 px each side', () => {
    const dialog = renderToStaticMarkup(createElement(Dialog, { open: true, disablePortal: true, paperWidth: 400, children: 'Wirklich löschen?' }));
    expect(dialog).toContain('Wirklich löschen?');
    expect(dialog).toMatch(/width:400px;max-width:calc\(100% - 32px\);margin:16px/);
  });

  it('refuse a theme callback at type level (tsc checks this file; an unused @ts-expect-error fails it)', () => {
    type Sx<C> = C extends (props: infer P extends { sx?: unknown }) => unknown ? P['sx'] : never;
    const style: UiStyle = {
      p: 2,
      color: 'text.secondary',
      display: { xs: 'none', md: 'flex' },
      '&:hover': { bgcolor: 'primary.main' },
    };
    const callback = (theme: { palette: { divider: string } }) => ({ borderColor: theme.palette.divider });
    // Each primitive takes the plain style and refuses the callback.
    const checked = [
      [
        style satisfies Sx<typeof Box>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Box>,
      ],
      [
        style satisfies Sx<typeof Stack>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Stack>,
      ],
      [
        style satisfies Sx<typeof Typography>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Typography>,
      ],
      [
        style satisfies Sx<typeof Button>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Button>,
      ],
      [
        style satisfies Sx<typeof IconButton>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof IconButton>,
      ],
      [
        style satisfies Sx<typeof Paper>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Paper>,
      ],
      [
        style satisfies Sx<typeof Card>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Card>,
      ],
      [
        style satisfies Sx<typeof Chip>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Chip>,
      ],
      [
        style satisfies Sx<typeof Alert>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Alert>,
      ],
      [
        style satisfies Sx<typeof TextField>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof TextField>,
      ],
      [
        style satisfies Sx<typeof List>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof List>,
      ],
      [
        style satisfies Sx<typeof ListItem>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof ListItem>,
      ],
      [
        style satisfies Sx<typeof ListItemButton>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof ListItemButton>,
      ],
      [
        style satisfies Sx<typeof Table>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Table>,
      ],
      [
        style satisfies Sx<typeof TableRow>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof TableRow>,
      ],
      [
        style satisfies Sx<typeof TableCell>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof TableCell>,
      ],
      [
        style satisfies Sx<typeof Tabs>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Tabs>,
      ],
      [
        style satisfies Sx<typeof Tab>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Tab>,
      ],
      [
        style satisfies Sx<typeof Dialog>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof Dialog>,
      ],
      [
        style satisfies Sx<typeof DialogTitle>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof DialogTitle>,
      ],
      [
        style satisfies Sx<typeof DialogContent>,
        // @ts-expect-error a theme callback is not a UiStyle
        callback satisfies Sx<typeof DialogContent>,
      ],
    ];
    // @ts-expect-error an array of styles is not a UiStyle either
    const styles: Sx<typeof Box> = [style];
    expect([...checked, styles]).toHaveLength(22);
  });
});
