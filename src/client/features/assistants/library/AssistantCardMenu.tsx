import { ListItemIcon, ListItemText, Menu } from '../../../components/ui/Menu.ts';
import { MenuItem } from '../../../components/ui/MenuItem.ts';
import { VisibilityOffIcon } from '../../../components/ui/icons/VisibilityOffIcon.ts';
import { PART } from '../../../components/ui/selectors.ts';
import { ASSISTANT_TEXTS } from '../texts.ts';

interface Props {
  /** The card's "more" button; null keeps the menu closed. */
  anchor: HTMLElement | null;
  /** The id of the menu, named by the button's aria-controls. */
  id: string;
  onClose: () => void;
  onHide: () => void;
}

/**
 * A default Mika's further actions in the library (admins): "Ausblenden" hides it for the whole
 * team. MUI's Menu brings the keyboard handling (arrows, Escape, focus back to the button); it is
 * loaded with the first click (docs/decisions/026: the library's first screen has no MUI).
 */
export function AssistantCardMenu({ anchor, id, onClose, onHide }: Props) {
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <MenuItem
        onClick={() => {
          onClose();
          onHide();
        }}
      >
        <ListItemIcon>
          <VisibilityOffIcon size="small" />
        </ListItemIcon>
        {/* The hint in the primary colour: the focused item's background leaves the secondary one below 4.5:1. */}
        <ListItemText primary={ASSISTANT_TEXTS.actionHide} secondary={ASSISTANT_TEXTS.actionHideHint} sx={{ [PART.listItemSecondary]: { color: 'text.primary' } }} />
      </MenuItem>
    </Menu>
  );
}
