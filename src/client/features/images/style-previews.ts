// The preview tile of each style (docs/product/tasks-and-images.md: a tile per choice): a small gradient that hints at
// the look, drawn in CSS so the tab loads no pictures for it.
const PREVIEWS: Record<string, string> = {
  realistic_image: 'linear-gradient(160deg, #8fb8de 0%, #d9c7a7 55%, #5b6b4a 100%)',
  digital_illustration: 'linear-gradient(135deg, #7b5cff 0%, #ff6ec7 55%, #ffd36e 100%)',
  text_in_image: 'repeating-linear-gradient(0deg, #f4f1ea 0 10px, #e3ddd0 10px 11px)',
  seamless: 'repeating-conic-gradient(#ffb86b 0 25%, #6bc5ff 0 50%) 0 0 / 22px 22px',
  pixel_art: 'repeating-conic-gradient(#3ddc97 0 25%, #1b4965 0 50%) 0 0 / 12px 12px',
  '3d': 'radial-gradient(circle at 35% 30%, #ffffff 0%, #8ecae6 25%, #219ebc 60%, #023047 100%)',
  psychedelic: 'conic-gradient(from 90deg, #ff006e, #fb5607, #ffbe0b, #3a86ff, #8338ec, #ff006e)',
  hand_drawn: 'repeating-linear-gradient(-35deg, #fdf6e3 0 6px, #d8cfb8 6px 7px)',
  grain: 'radial-gradient(circle at 30% 30%, #b08968 0%, #7f5539 60%, #3a2a1d 100%)',
  glow: 'radial-gradient(circle at 50% 55%, #fff7ae 0%, #ffb703 25%, #3c096c 70%, #10002b 100%)',
  '80s': 'linear-gradient(180deg, #2b0f54 0%, #ab1f65 55%, #ff4f69 70%, #fff7f8 72%, #ff8e80 100%)',
  watercolor:
    'radial-gradient(circle at 30% 40%, #a8dadc 0%, transparent 45%), radial-gradient(circle at 70% 60%, #f4a261 0%, transparent 50%), #fefae0',
  voxel: 'linear-gradient(135deg, #95d5b2 25%, #52b788 25% 50%, #2d6a4f 50% 75%, #1b4332 75%)',
  infantile_sketch: 'linear-gradient(160deg, #fff 0%, #fff 60%, #ffd6a5 60%, #caffbf 100%)',
  '2d_art_poster': 'linear-gradient(90deg, #e63946 0 33%, #f1faee 33% 66%, #1d3557 66%)',
  kawaii: 'radial-gradient(circle at 50% 45%, #fff0f6 0 30%, #ffc8dd 31% 60%, #bde0fe 61%)',
  none: 'linear-gradient(135deg, #3a3f47 0%, #2a2e35 100%)',
};

export const previewOf = (key: string) => PREVIEWS[key] ?? PREVIEWS.none!;
