import { MikaMark } from './MikaMark.tsx';

/** Mark plus wordmark, as in the headers of the public pages and the side navigation (office.css). */
export function MikaLogo({ size = 36 }: { size?: number }) {
  return (
    <span role="img" aria-label="Mika" className="logo">
      <MikaMark size={size} />
      <span aria-hidden="true" style={{ fontSize: size * 0.62 }}>
        Mika
      </span>
    </span>
  );
}
