import type { Reading } from '../../shared/api/index';

/**
 * Whose reading of the file the catalog shows: neuro-san's (the default: what the LLM gets) or the HOCON
 * specification's. When the two catalogs differ, says so and offers the marked difference.
 */
export function ReadingChoice({ reading, setReading, differs, onShow }: { reading: Reading; setReading(reading: Reading): void; differs: boolean; onShow(): void }) {
  return (
    <div className="reading-choice">
      <label>
        Reading{' '}
        <select aria-label="Reading of the file" value={reading} onChange={(e) => setReading(e.target.value as Reading)}>
          <option value="neuro-san">neuro-san&apos;s (what the LLM gets)</option>
          <option value="spec">the HOCON specification&apos;s</option>
        </select>
      </label>
      {differs && (
        <p className="reading-differs" role="note">
          neuro-san reads this file otherwise than the specification: the two catalogs differ.{' '}
          <button type="button" onClick={onShow}>
            Show where
          </button>
        </p>
      )}
    </div>
  );
}
