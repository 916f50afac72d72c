// SPEC §6 permission flags, computed from the effective scope list.
import { describe, expect, it } from 'vitest';
import { FLAG_SCOPES, hasAnyPermission, permissionFlags } from '../src/session/permissions.ts';

describe('permission flags', () => {
  it('each flag follows its scope', () => {
    for (const [flag, scope] of Object.entries(FLAG_SCOPES)) {
      const flags = permissionFlags([scope]);
      expect(flags[flag as keyof typeof flags], flag).toBe(true);
      expect(Object.values(flags).filter(Boolean)).toHaveLength(1);
    }
  });

  it('the roles and users screens use adminUser', () => {
    expect(FLAG_SCOPES.adminUser).toBe('admin:user');
  });

  it('no scopes: no flags', () => {
    expect(hasAnyPermission(permissionFlags([]))).toBe(false);
    expect(hasAnyPermission(permissionFlags(null))).toBe(false);
  });
});
