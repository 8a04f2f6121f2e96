/**
 * `npm start`: builds the PWA if needed, then runs migrations, loads the demo data into an
 * empty embedded database, and serves the PWA and the API together on PORT (default 3000).
 */
import { buildPwaIfNeeded, PWA_DIST } from './build-pwa.js';
import { startServer } from '../api/src/server.js';

buildPwaIfNeeded();
const running = await startServer({ pwaDir: PWA_DIST });
const shutdown = async () => {
  await running.stop();
  process.exit(0);
};
process.once('SIGINT', shutdown);
process.once('SIGTERM', shutdown);
