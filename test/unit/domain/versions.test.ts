import fc from 'fast-check';
import { VERSIONS, versionAt } from '../../../src/domain/versions';

/** The rule as the API states it: the last version whose date (UTC) is on or before the moment's day. */
function byDay(unixSeconds: number): string {
  const day = new Date(unixSeconds * 1000).toISOString().slice(0, 10);
  return VERSIONS.filter((version) => version <= day).pop() ?? (VERSIONS[0] as string);
}

describe('versionAt', () => {
  it('changes at UTC midnight of each version date, not a second before', () => {
    for (const version of VERSIONS.slice(1)) {
      const midnight = Date.parse(`${version}T00:00:00Z`) / 1000;
      expect(versionAt(midnight)).toBe(version);
      expect(versionAt(midnight - 1)).not.toBe(version);
    }
  });

  it('is the last version dated on or before the day, for any moment from 1970 to 9999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 253_402_300_799 }), (unixSeconds) => {
        expect(versionAt(unixSeconds)).toBe(byDay(unixSeconds));
      }),
    );
  });
});
