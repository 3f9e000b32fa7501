import { describe, expect, it, vi } from 'vitest';
import { LeadSelection } from '../lead-selection';

describe(LeadSelection.name, () => {
  it('ticks and unticks one lead, telling its listeners each time', () => {
    const sut = new LeadSelection();
    const listener = vi.fn();
    sut.subscribe(listener);
    sut.toggle('a');
    sut.toggle('b');
    expect(sut.selected()).toEqual(['a', 'b']);
    sut.toggle('a');
    expect(sut.selected()).toEqual(['b']);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('ticks every shown lead once, and unticks them again', () => {
    const sut = new LeadSelection();
    sut.toggle('b');
    sut.setMany(['a', 'b', 'c'], true);
    expect(sut.selected()).toEqual(['b', 'a', 'c']);
    sut.setMany(['a', 'c'], false);
    expect(sut.selected()).toEqual(['b']);
  });

  it('clears, and a clear of nothing tells no one', () => {
    const sut = new LeadSelection();
    const listener = vi.fn();
    sut.subscribe(listener);
    sut.clear();
    expect(listener).not.toHaveBeenCalled();
    sut.toggle('a');
    sut.clear();
    expect(sut.selected()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
