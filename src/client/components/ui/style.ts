// `UiStyle`: the style a feature hands a ui primitive (`sx`), as plain data — the renderer-neutral
// contract of the ui layer (docs/decisions/033, "What the layer does not hide").
//
// A UiStyle is an object of CSS properties (camelCase) with
//  - plain values: strings and numbers (`'1px solid #fff'`, `600`, `'50%'`);
//  - the few shorthands the primitives' drawer resolves: spacing numbers (`p: 2`, `mt: 0.5` — steps of
//    8 px), palette paths as colours (`'divider'`, `'primary.main'`, `'text.secondary'`,
//    `'surface.raised'`), `typography: 'body2'`;
//  - responsive values `{ xs, sm, md, lg, xl }` (from that breakpoint up);
//  - nested rules: selectors (`'&:hover'`, `'& .markdown p'`), `@media` queries and `@keyframes name`
//    blocks (ui/styles.ts names the app's animations), each again a UiStyle.
// What it does not have: function values (`(theme) => …`) and arrays. So a primitive drawn by MUI
// today (emotion, the theme resolves the shorthands) could be drawn by static CSS or a Preact part
// tomorrow without its callers changing: everything a style says is in the object, nothing asks the
// renderer's theme at run time. Colours come from lib/theme-tokens.ts (`COLORS`, `translucent`) or
// as palette paths; shared looks from ui/styles.ts.

/** A single value: a CSS value, a spacing number or a palette path. `false`/`null`/`undefined` leave it out. */
export type UiValue = string | number | false | null | undefined;

/** A value per breakpoint, from that width up (xs 0, sm 600, md 900, lg 1200, xl 1536 px). */
export interface UiResponsive {
  xs?: UiValue;
  sm?: UiValue;
  md?: UiValue;
  lg?: UiValue;
  xl?: UiValue;
}

/** The style of a ui primitive (its `sx`): plain data, no function values — see the header. */
export interface UiStyle {
  [property: string]: UiValue | UiResponsive | UiStyle;
}
