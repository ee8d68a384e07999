/**
 * The code a customer puts on their website (public/embed.js). The button colour travels as
 * data-color: the script cannot read it from the API across origins.
 */
export function embedSnippetWithColor(origin: string, uuid: string, buttonColor: string): string {
  const color = /^#[0-9a-f]{6}$/i.test(buttonColor) ? ` data-color="${buttonColor.toUpperCase()}"` : '';
  return `<script src="${origin}/embed.js" data-mika="${uuid}"${color} async></script>`;
}
