// The front door of the billing feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
export { billingRoutes } from './billing.routes.ts';
export { billingProvider, billingUserFields } from './billing.service.ts';
export { defineBillingJobs, invoiceFolderOwner } from './invoice-files.ts';
export { billingRowOwner } from './billing.rows.ts';
