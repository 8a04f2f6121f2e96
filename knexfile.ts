/**
 * The knex CLI's configuration, for the usual knex commands on the app's own database
 * (DATABASE_URL, or the embedded one in DATA_DIR; see api/src/db/knex-cli.ts):
 *
 *   npm run knex -- migrate:latest | migrate:status | migrate:rollback | migrate:make <name> | seed:run
 *
 * The project is TypeScript and ESM, which the knex CLI cannot load by itself on Node 20:
 * `npm run knex` runs it with tsx (the same as NODE_OPTIONS="--import tsx" npx knex ...).
 */
import { knexCliConfig } from './api/src/db/knex-cli.js';

export default () => knexCliConfig(process.env, process.argv);
