/** Kept so imports of the /v1 route table from the HTTP layer keep working: the tables live in `src/routes/`. */
export { V1_ROUTES, route } from '../routes';
export type { ApiRoute as V1Route, Call } from '../routes';
