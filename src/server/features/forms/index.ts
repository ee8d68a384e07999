// The front door of the forms feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { formRoutes } from './form.routes.ts';
export { exportThreadFormSubmissions, formRowOwner } from './form.rows.ts';
