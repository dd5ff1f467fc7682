import { actionButtons, commentRequired, donePercent, engagementFilter, idOf, isOverdue, phaseIndex, textOf } from './actions';

describe('audit process actions', () => {
  it('maps allowed actions to enabled buttons, blocked ones with reasons to disabled ones, hides the rest', () => {
    const buttons = actionButtons([
      { action: 'approve', to: 'follow_up', allowed: false, reasons: ['Open review notes remain', 'Not the reviewer'] },
      { action: 'reject', to: 'fieldwork', allowed: true, reasons: [] },
      { action: 'close', to: 'closed', allowed: false, reasons: [] },
      { action: 'submit_for_approval', to: 'awaiting_approval', allowed: true, reasons: [] },
    ]);
    expect(buttons.map((b) => b.action)).toEqual(['approve', 'reject', 'submit_for_approval']);
    expect(buttons[0]).toMatchObject({ disabled: true, tooltip: 'Open review notes remain\nNot the reviewer', primary: false });
    expect(buttons[1]).toMatchObject({ disabled: false, danger: true, primary: false });
    expect(buttons[2]).toMatchObject({ disabled: false, primary: true, tooltip: '' });
  });

  it('makes only the first allowed forward action primary', () => {
    const buttons = actionButtons([
      { action: 'submit', to: 'pending_review', allowed: true, reasons: [] },
      { action: 'review', to: 'reviewed', allowed: true, reasons: [] },
    ]);
    expect(buttons.map((b) => b.primary)).toEqual([true, false]);
  });

  it('requires a comment for reject only', () => {
    expect(commentRequired('reject')).toBe(true);
    expect(commentRequired('approve')).toBe(false);
  });

  it('places phases on the steps', () => {
    expect(phaseIndex('scope')).toBe(0);
    expect(phaseIndex('awaiting_approval')).toBe(3);
    expect(phaseIndex('closed')).toBe(5);
    expect(phaseIndex(undefined)).toBe(-1);
  });

  it('says a finding is overdue when open past its due date', () => {
    expect(isOverdue('2026-01-01', 'open', '2026-01-02')).toBe(true);
    expect(isOverdue('2026-01-02', 'open', '2026-01-02')).toBe(false);
    expect(isOverdue('2026-01-01', 'closed', '2026-01-02')).toBe(false);
    expect(isOverdue(null, 'open', '2026-01-02')).toBe(false);
  });

  it('filters records by engagement', () => {
    expect(engagementFilter('e1')).toEqual({ op: 'and', items: [{ field: 'engagement', op: 'eq', value: 'e1' }] });
  });

  it('reads ids and text of record values', () => {
    expect(idOf('a')).toBe('a');
    expect(idOf(['b', 'c'])).toBe('b');
    expect(idOf({ id: 'd' })).toBe('d');
    expect(idOf(null)).toBeNull();
    expect(textOf(['x', null, 'y'])).toBe('x, y');
    expect(textOf(3)).toBe('3');
  });

  it('computes the done share', () => {
    expect(donePercent(1, 3)).toBe(33);
    expect(donePercent(0, 0)).toBe(0);
  });
});
