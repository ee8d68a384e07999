import '../light.css';

/**
 * A small busy indicator (decorative: the text beside it says what is happening). CSS only —
 * MUI's CircularProgress is more than the chat needs (docs/decisions/012, 026).
 */
export function Spinner({ size = 18 }: { size?: number }) {
  return <span className="spinner" aria-hidden style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 9)) }} />;
}
