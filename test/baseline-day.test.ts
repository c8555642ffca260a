/** engine/findings/baseline.ts `recordedState`: the boundary table of its header, row by row. */
import { describe, expect, it } from 'vitest';
import { recordedState } from '../engine/findings/baseline.js';
import type { Notice } from '../engine/types.js';

const dated = (effective: string): Notice => ({ id: 'x', status: 'dated', effective }) as unknown as Notice;

describe('recordedState (baseline recorded R, notice effective E, run on T)', () => {
  it.each([
    // R, E, T, state
    ['2026-03-01', '2026-02-01', '2026-03-20', 'recorded'], // E before R: in force when recorded
    ['2026-03-01', '2026-03-01', '2026-03-20', 'recorded'], // E = R: in force on the day it was recorded
    ['2026-03-01', '2026-03-02', '2026-03-20', 'crossed'], // R < E <= T
    ['2026-03-01', '2026-03-20', '2026-03-20', 'crossed'], // E = T: the effective day itself
    ['2026-03-01', '2026-03-21', '2026-03-20', 'recorded'], // E after T: not yet
    ['2026-03-01', '2026-03-15', '2026-03-01', 'recorded'], // day one
  ])('R %s, E %s, T %s: %s', (recorded, effective, today, state) => {
    expect(recordedState(dated(effective), recorded, today)).toBe(state);
  });

  it('pending and contract notices never cross; a file without a day crosses once the notice is in force', () => {
    expect(recordedState({ id: 'p', status: 'pending' } as unknown as Notice, '2026-03-01', '2027-01-01')).toBe('recorded');
    expect(recordedState({ id: 'c', status: 'contract' } as unknown as Notice, '2026-03-01', '2027-01-01')).toBe('recorded');
    expect(recordedState(dated('2026-02-01'), undefined, '2026-03-20')).toBe('crossed');
    expect(recordedState(dated('2026-04-01'), undefined, '2026-03-20')).toBe('recorded');
  });
});
