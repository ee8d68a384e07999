import { describe, expect, it } from 'vitest';
import { initials } from '../../lib/initials.ts';
import { readUserView, roleKind, userCreatePath, userEditPath } from './user-view.ts';

describe('user view in the URL', () => {
  it('builds and reads the edit view with its tab', () => {
    const path = userEditPath('0b6c1c2e-1111-4222-8333-944445555666', 'rights');
    expect(path).toBe('/User?view=edit&user=0b6c1c2e-1111-4222-8333-944445555666&tab=rights');
    const params = new URLSearchParams(path.split('?')[1]);
    expect(readUserView(params)).toEqual({
      view: 'edit',
      uuid: '0b6c1c2e-1111-4222-8333-944445555666',
      tab: 'rights',
    });
  });

  it('falls back to the list and the profile tab', () => {
    expect(readUserView(new URLSearchParams('view=unbekannt&tab=x'))).toEqual({ view: 'list', uuid: '', tab: 'profile' });
    expect(readUserView(new URLSearchParams(userCreatePath().split('?')[1])).view).toBe('create');
  });
});

describe('roles and initials', () => {
  it('names the owner first, then administrators, then employees', () => {
    expect(roleKind({ role: 'owner', is_admin: true })).toBe('owner');
    expect(roleKind({ role: 'employee', is_admin: true })).toBe('admin');
    expect(roleKind({ role: 'employee', is_admin: false })).toBe('employee');
  });

  it('shows a member by first and last initial (lib/initials, as the avatar does)', () => {
    expect(initials('Anna Maria Schmidt')).toBe('AS');
    expect(initials('Lena')).toBe('LE');
    expect(initials('  ')).toBe('?');
  });
});
