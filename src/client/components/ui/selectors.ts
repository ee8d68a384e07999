// Names of ours for a primitive's states and parts in a UiStyle's nested selectors (docs/decisions/033):
// features write `[STATE.selected]: { … }` or `[PART.alertAction]: { … }` as computed keys, never an MUI
// class name, so a drawer other than MUI can map the same names to its own classes. Only what screens use.

/** A state of the styled primitive itself. */
export const STATE = {
  /** A toggle button or tab that is chosen. */
  selected: '&.Mui-selected',
  /** A button that is disabled. */
  disabled: '&.Mui-disabled',
  /** A form label while its group has the focus. */
  focused: '&.Mui-focused',
  /** A button focused by keyboard (not by a click). */
  focusVisible: '&.Mui-focusVisible',
  /** A label or card whose radio or checkbox inside is checked. */
  hasChecked: '&:has(.Mui-checked)',
} as const;

/** A part inside the styled primitive. */
export const PART = {
  /** An Alert's action (the button at its end). */
  alertAction: '& .MuiAlert-action',
  /** The buttons of a ToggleButtonGroup. */
  toggleButton: '& .MuiToggleButton-root',
  /** A FormControlLabel's label text. */
  controlLabel: '& .MuiFormControlLabel-label',
  /** A ListItemText's secondary line. */
  listItemSecondary: '& .MuiListItemText-secondary',
  /** A Slider's mark dots, their labels, and the labels of the marks up to the value. */
  sliderMark: '& .MuiSlider-mark',
  sliderMarkLabel: '& .MuiSlider-markLabel',
  sliderMarkLabelActive: '& .MuiSlider-markLabelActive',
} as const;
