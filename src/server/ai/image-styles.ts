import { IMAGE_STYLE_LABELS, IMAGE_SUBSTYLE_LABELS, type ImageStyle } from '../../shared/constants.ts';

/** How a picture is styled: a catalogue style (and substyle), or the assistant's custom style. */
export interface ImageStyleChoice {
  style: ImageStyle;
  substyle?: string | null;
  /** Recraft: the style_id of the custom style; OpenAI: its description (German). */
  custom?: { providerStyleId?: string | null; description?: string | null };
}

// Styles as German prompt templates: what a provider without named styles (OpenAI) is told, and
// what the optimized prompt mentions for every provider.
const STYLE_TEMPLATES: Record<ImageStyle, string> = {
  realistic_image:
    'Fotorealistisches Bild, wie mit einer hochwertigen Kamera aufgenommen, natürliches Licht, echte Materialien und Texturen.',
  digital_illustration:
    'Digitale Illustration mit klaren Formen, stimmigen Farben und sauberer Linienführung.',
  text_in_image:
    'Grafische Gestaltung, in der der gewünschte Text gut lesbar, korrekt geschrieben und typografisch sauber ins Bild gesetzt ist.',
};

const SUBSTYLE_TEMPLATES: Record<string, string> = {
  seamless: 'als nahtlos kachelbares Muster',
  pixel_art: 'im Pixel-Art-Stil mit sichtbaren Pixeln und begrenzter Farbpalette',
  '3d': 'als 3D-Rendering mit weichen Schatten und Volumen',
  psychedelic: 'psychedelisch, mit leuchtenden, fließenden Farben und Mustern',
  hand_drawn: 'handgezeichnet, mit sichtbaren Strichen',
  grain: 'mit körniger, analoger Textur',
  glow: 'mit leuchtenden Lichteffekten',
  '80s': 'im Look der 80er-Jahre, Neonfarben und Retro-Ästhetik',
  watercolor: 'als Aquarell mit weichen, verlaufenden Farben',
  voxel: 'aus Voxeln, würfelförmigen 3D-Bausteinen',
  infantile_sketch: 'wie eine Kinderzeichnung mit Buntstiften',
  '2d_art_poster': 'als flaches 2D-Kunstposter',
  kawaii: 'im niedlichen Kawaii-Stil',
};

/** The German style label of a choice, e.g. "Digitale Illustration – Aquarell" or "Eigener Style". */
export function styleLabel(choice: ImageStyleChoice): string {
  const base = IMAGE_STYLE_LABELS[choice.style];
  if (choice.custom) return `Eigener Style (${base})`;
  const sub = choice.substyle ? IMAGE_SUBSTYLE_LABELS[choice.substyle] : undefined;
  return sub ? `${base} – ${sub}` : base;
}

/** The style as words for a provider that has no named styles. */
export function styleTemplate(choice: ImageStyleChoice): string {
  if (choice.custom?.description) return `Stil: ${choice.custom.description}`;
  const sub = choice.substyle ? SUBSTYLE_TEMPLATES[choice.substyle] : undefined;
  return sub ? `${STYLE_TEMPLATES[choice.style]} Ausführung ${sub}.` : STYLE_TEMPLATES[choice.style];
}
