import { Box } from '../../components/ui/Box.ts';
import { useEffect, useState } from 'react';
import { prefersReducedMotion } from '../../lib/use-media-query.ts';

/** docs/product/tasks-and-images.md: the typing effect's speed; here one word per step. */
const STEP_MS = 100;


/** The optimized prompt, typed out word by word while the picture is painted (docs/product/tasks-and-images.md). */
export function AnimatedPrompt({ text, animate }: { text: string; animate: boolean }) {
  const words = text.split(/(\s+)/);
  const [shown, setShown] = useState(animate && !prefersReducedMotion() ? 0 : words.length);
  useEffect(() => {
    if (shown >= words.length) return;
    const timer = setTimeout(() => setShown((n) => n + 2), STEP_MS);
    return () => clearTimeout(timer);
  }, [shown, words.length]);
  const typing = shown < words.length;
  return (
    <Box
      component="p"
      data-testid="prompt-text"
      sx={{ m: 0, whiteSpace: 'pre-wrap', lineHeight: 1.6, color: 'text.primary', fontStyle: 'italic' }}
    >
      {words.slice(0, shown).join('')}
      {typing && (
        <Box
          component="span"
          aria-hidden
          sx={{
            display: 'inline-block',
            width: '0.5em',
            height: '1em',
            ml: 0.25,
            verticalAlign: 'text-bottom',
            bgcolor: 'primary.main',
            animation: 'mika-caret 1s steps(1) infinite',
            '@keyframes mika-caret': { '50%': { opacity: 0 } },
          }}
        />
      )}
      {/* Screen readers get the whole prompt at once, not word by word. */}
      {typing && (
        <Box component="span" className="visually-hidden">
          {words.slice(shown).join('')}
        </Box>
      )}
    </Box>
  );
}
