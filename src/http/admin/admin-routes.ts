/** Kept so imports of the admin route table from the HTTP layer keep working: the tables live in `src/routes/`. */
export { ADMIN_ROUTES } from '../../routes';
export type { AdminCall, AdminRoute } from '../../routes';
export { keyEntry } from '../../routes/admin/keys';
