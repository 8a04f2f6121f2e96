import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import { createWeatherService } from './weather.service.js';

export function weatherRoutes(router: Router<AppState>, deps: Deps): void {
  const weather = createWeatherService(deps);

  /** Public: the weather at the lodge (503 `{ message }` when the provider fails). */
  router.get('/weather', async (ctx) => {
    ctx.body = await weather.current();
    // Browsers may reuse it briefly; the server caches the provider's answer longer.
    ctx.set('Cache-Control', 'public, max-age=300');
  });
}
