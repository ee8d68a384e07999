// The web server's entry: `npm start` runs this after scripts/check-node.js and the client build.
// Node keeps the compiled form of our ~1,000 modules between starts (its compile cache, in the
// system's temporary folder): a restart then spends less time compiling. It must be switched on
// before any of them loads, hence this file and the dynamic import.
import { enableCompileCache } from 'node:module';

enableCompileCache?.();
await import('./serve.ts');
