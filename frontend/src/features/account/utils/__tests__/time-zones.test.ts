import { describe, expect, it } from 'vitest';
import { timeZoneChoices } from '../time-zones';

describe('timeZoneChoices', () => {
  it("lists UTC first, then the browser's zones in order, each once, the current one included", () => {
    const choices = timeZoneChoices('Europe/Paris');
    expect(choices[0]).toBe('UTC');
    expect(choices.filter((zone) => zone === 'Europe/Paris')).toHaveLength(1);
    expect(choices.slice(1)).toEqual([...choices.slice(1)].sort((a, b) => a.localeCompare(b)));
  });

  it('keeps a stored zone the browser does not list', () => {
    expect(timeZoneChoices('Etc/GMT+5')).toContain('Etc/GMT+5');
  });
});
