import { AddIcon } from '../../../components/ui/icons/AddIcon.ts';
import { RemoveIcon } from '../../../components/ui/icons/RemoveIcon.ts';
import { IconButton } from '../../../components/ui/IconButton.ts';
import { TextField } from '../../../components/ui/TextField.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { useState } from 'react';
import type { ExtraItemType, TeamInsight } from '../../../../shared/schemas/insight.ts';
import { showSuccess } from '../../../state/snackbar-store.ts';
import { useAddExtraItem } from '../api/add-extra-item.ts';
import { useCancelExtraItem } from '../api/cancel-extra-item.ts';
import { ActionCard } from '../ActionCard.tsx';
import { INSIGHT_TEXTS } from '../texts.ts';

const QTY = { min: 1, max: 100 } as const;

/** 4. Zusätzlich gebuchte Leistungen: per kind a minus, the quantity and a plus → "Extras wurden angepasst". */
export function ExtrasCard({ team, disabled }: { team: TeamInsight; disabled: boolean }) {
  const add = useAddExtraItem(team.uuid);
  const cancel = useCancelExtraItem(team.uuid);
  const busy = add.isPending || cancel.isPending;
  const rows: { type: ExtraItemType; label: string; booked: number }[] = [
    { type: 'user', label: INSIGHT_TEXTS.extraUser, booked: team.amount_extra_users },
    { type: 'mika', label: INSIGHT_TEXTS.extraMika, booked: team.amount_extra_mikas },
    { type: 'public_licence', label: INSIGHT_TEXTS.extraLicence, booked: team.amount_extra_public_licences },
  ];
  const change = async (action: 'add' | 'cancel', itemType: ExtraItemType, qty: number) => {
    try {
      showSuccess((await (action === 'add' ? add : cancel).mutateAsync({ itemType, qty })).message);
    } catch {
      // The api client has shown the server's message (e.g. more than booked).
    }
  };

  return (
    <ActionCard id="insight-extras" title={INSIGHT_TEXTS.extrasTitle} info={INSIGHT_TEXTS.extrasInfo}>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {rows.map((row) => (
          <ExtraRow
            key={row.type}
            {...row}
            disabled={disabled}
            busy={busy}
            pending={(add.isPending && add.variables?.itemType === row.type) || (cancel.isPending && cancel.variables?.itemType === row.type)}
            onChange={(action, qty) => void change(action, row.type, qty)}
          />
        ))}
      </Box>
    </ActionCard>
  );
}

interface RowProps {
  type: ExtraItemType;
  label: string;
  booked: number;
  disabled: boolean;
  busy: boolean;
  pending: boolean;
  onChange: (action: 'add' | 'cancel', qty: number) => void;
}

function ExtraRow({ type, label, booked, disabled, busy, pending, onChange }: RowProps) {
  const [typed, setTyped] = useState('1');
  const qty = Number(typed);
  const valid = /^\d+$/.test(typed.trim()) && qty >= QTY.min && qty <= QTY.max;
  const labelId = `insight-extra-${type}`;
  const locked = disabled || busy || !valid;
  return (
    <Box
      role="group"
      aria-labelledby={labelId}
      data-testid={`insight-extra-${type}`}
      sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center', gap: 2 }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography id={labelId} sx={{ fontWeight: 600 }}>
          {label}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid={`insight-extra-${type}-booked`}>
          {INSIGHT_TEXTS.booked(booked)}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
        <IconButton
          aria-label={INSIGHT_TEXTS.extraRemove(label)}
          onClick={() => onChange('cancel', qty)}
          // docs/product/operator-area.md: the minus is disabled when no extra of this kind is booked.
          disabled={booked === 0 || locked}
        >
          <RemoveIcon />
        </IconButton>
        <TextField
          label={INSIGHT_TEXTS.quantity}
          type="number"
          size="small"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={!valid}
          disabled={disabled || pending}
          htmlInput={{
              min: QTY.min,
              max: QTY.max,
              step: 1,
              inputMode: 'numeric',
              'aria-label': INSIGHT_TEXTS.quantityOf(label),
              'aria-describedby': valid ? undefined : `${labelId}-error`,
            }}
          sx={{ width: 84 }}
        />
        <IconButton aria-label={INSIGHT_TEXTS.extraAdd(label)} onClick={() => onChange('add', qty)} disabled={locked}>
          <AddIcon />
        </IconButton>
      </Box>
      {!valid && (
        <Typography id={`${labelId}-error`} variant="caption" sx={{ color: 'error.main', gridColumn: '1 / -1', textAlign: 'right', mt: -1 }}>
          {INSIGHT_TEXTS.qtyInvalid}
        </Typography>
      )}
    </Box>
  );
}
