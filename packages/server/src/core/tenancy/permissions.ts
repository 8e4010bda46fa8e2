// Which role may do what (decisions.md, Roles): reader < member < admin.
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
