// Which role may do what: reader < member < admin (the contract's operations say which one each needs).
import type { Role } from '../shared/types.js';

export type Permission = 'read' | 'infer' | 'write_rows' | 'review' | 'admin';

const GRANTS: Record<Role, ReadonlySet<Permission>> = {
  reader: new Set(['read']),
  member: new Set(['read', 'infer', 'write_rows', 'review']),
  admin: new Set(['read', 'infer', 'write_rows', 'review', 'admin']),
};

export function roleAllows(role: Role, permission: Permission): boolean {
  return GRANTS[role].has(permission);
}
