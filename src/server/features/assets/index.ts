// The front door of the assets feature (docs/decisions/029-server-boundaries.md): other features and
// the app's wiring import only what is exported here.
import './asset.access.ts';
export { assetFolderOwner } from './asset.repository.ts';
export { assetRoutes } from './asset.routes.ts';
export { assetDocumentSource, listOfferableAssets } from './asset.service.ts';
export { assetRowOwner } from './asset.rows.ts';
