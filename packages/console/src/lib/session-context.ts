// The signed-in session the pages share: the client, the key's role and workspace, and sign-out.
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Client, Role, Schemas } from './api.js';

export interface Session {
  client: Client;
  me: Schemas['CurrentKey'];
  signOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside a signed-in console');
  return session;
}

const RANK: Record<Role, number> = { reader: 0, member: 1, admin: 2 };

/** Whether the signed-in key's role is at least `least` (reader < member < admin). */
export function useCan(least: Role): boolean {
  return RANK[useSession().me.key.role] >= RANK[least];
}
