export interface UserRole {
  id: number;
  name: string;
  type?: string;
}

/** The signed-in customer as the CMS's users-permissions plugin returns it (docs/behaviour.md, "Session cookies"). */
export interface User {
  id: number;
  documentId?: string;
  username: string;
  email: string;
  mobile?: string | null;
  role?: UserRole | null;
  confirmed?: boolean;
  blocked?: boolean;
}
