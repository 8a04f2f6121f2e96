/**
 * The app as `npm start` runs it (startServer: config from the environment, migrations, demo
 * data, jobs, listen), without the PWA's static files, in a process of its own so the load
 * generator does not share its event loop. Started by bench/http.ts, which sets
 * BENCH_SCALE_FIXTURE=1 to add the scale fixture (bench/fixtures/scale.ts) to the demo data
 * through the server's own connection (an embedded database opens in one process only).
 */
import { startServer } from '../api/src/server.js';
import { loadScaleFixture } from './fixtures/scale.js';

const running = await startServer();
if (process.env.BENCH_SCALE_FIXTURE === '1') await loadScaleFixture(running.deps.db);
process.send?.({ ready: true });
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
