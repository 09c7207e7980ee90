import AdminPage from '@/features/admin/routes/admin';
import { RequireRole } from '@/features/auth/components/require-role';

/** /admin: role 'admin' only (DESIGN §15); everyone else reads why inside the frame. */
export default function AdminRoute() {
  return (
    <RequireRole requiredRole="admin">
      <AdminPage />
    </RequireRole>
  );
}
