import { COMMON_TEXTS } from '../../../lib/texts.ts';

/** Placeholder cards while the library loads (office.css). */
export function LibrarySkeleton({ count = 6 }: { count?: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card skeleton-card" aria-hidden={i > 0} aria-label={i === 0 ? COMMON_TEXTS.loading : undefined}>
          <div>
            <span className="skeleton" style={{ width: 56, height: 56, borderRadius: 16 }} />
            <div>
              <span className="skeleton text" style={{ width: '60%', height: 28 }} />
              <span className="skeleton text" style={{ width: 70, height: 22 }} />
            </div>
          </div>
          <span className="skeleton text" style={{ marginTop: 16 }} />
          <span className="skeleton text" style={{ width: '75%' }} />
          <div>
            <span className="skeleton round" style={{ width: 36, height: 36 }} />
            <span className="skeleton round" style={{ width: 36, height: 36 }} />
          </div>
        </div>
      ))}
    </>
  );
}
