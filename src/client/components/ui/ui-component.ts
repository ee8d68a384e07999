// The types that make a MUI primitive of the ui layer take a `UiStyle` (ui/style.ts) as its `sx`
// instead of MUI's `SxProps<Theme>`: no theme callbacks, no arrays. Types only — every primitive
// stays MUI's component at run time (`export const Box = MuiBox as UiOverridable<…>`), so the
// bundles do not change.
import type { InputHTMLAttributes, JSX, Ref } from 'react';
import type { OverridableComponent, OverridableTypeMap, OverrideProps } from '@mui/material/OverridableComponent';
import type { UiStyle } from './style.ts';

/** A component's props with `sx` as a UiStyle (distributes over unions such as TextField's variants). */
export type UiProps<P> = P extends unknown ? Omit<P, 'sx'> & { sx?: UiStyle | undefined } : never;

interface UiTypeMap<M extends OverridableTypeMap> {
  props: UiProps<M['props']>;
  defaultComponent: M['defaultComponent'];
}

type MapOf<C> = C extends OverridableComponent<infer M> ? M : never;

/** A MUI component with a `component` prop (Typography, Paper …), its `sx` a UiStyle. */
export type UiOverridable<C> = OverridableComponent<UiTypeMap<MapOf<C>>>;

/** The same from the component's type map (Box: its type comes from @mui/types, which `infer` cannot read). */
export type UiOverridableMap<M extends OverridableTypeMap> = OverridableComponent<UiTypeMap<M>>;

/** A MUI component built on ButtonBase (Button, IconButton, Tab …): also renders a link with `href`. */
export type UiButtonBase<C> = ((props: { href: string } & OverrideProps<UiTypeMap<MapOf<C>>, 'a'>) => JSX.Element) &
  OverridableComponent<UiTypeMap<MapOf<C>>>;

/** A plain MUI component (Dialog, TextField, Alert …) taking props P, its `sx` a UiStyle. */
export type UiComponent<P> = (props: UiProps<P>) => JSX.Element;

/** The attributes of a primitive's native `<input>` (a switch's or radio's checkbox, a text field's input), with its ref. */
export type HtmlInputAttributes = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement>; [data: `data-${string}`]: string | undefined };
