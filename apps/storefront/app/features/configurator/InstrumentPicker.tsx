import type { InstalledInstrument } from '@storefront/contracts';
import { Link } from 'react-router';
import { configuratorPath } from './fields';

/** The account's instruments as links to `basePath` for each; the chosen one is marked current. */
export function InstrumentPicker({
  instruments,
  currentId,
  basePath,
}: {
  instruments: readonly InstalledInstrument[];
  currentId: string | null;
  basePath: Parameters<typeof configuratorPath>[0];
}) {
  if (instruments.length === 0) return null;
  return (
    <nav className="instrument-picker" aria-label="Your instruments">
      <ul className="instrument-picker__list">
        {instruments.map((instrument) => (
          <li key={instrument.id}>
            <Link
              to={configuratorPath(basePath, instrument.id)}
              className="instrument-picker__link"
              aria-current={instrument.id === currentId ? 'page' : undefined}
            >
              <span className="instrument-picker__model">{instrument.modelName}</span>
              <span className="instrument-picker__facts">
                {instrument.serialNumber} · {instrument.site}
              </span>
              {instrument.status !== 'Active' && (
                <span className="instrument-picker__status">{instrument.status}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
