import type Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/types.js';
import type { WeatherUnavailableResponse } from '../../../../shared/contracts/weather.js';
import { WeatherUnavailableError } from '../../adapters/weather.js';
import { createWeatherService } from './weather.service.js';

export function weatherRoutes(router: Router<AppState>, deps: Deps): void {
  const weather = createWeatherService(deps);

  /**
   * Public: the weather at the lodge, or `{ available: false, message, code }` (200) when
   * there is none to give: the widget shows 'Weather Unavailable' either way, and a 5xx would
   * be an error in every visitor's browser console for what is an expected state.
   */
  router.get('/weather', async (ctx) => {
    try {
      ctx.body = await weather.current();
    } catch (err) {
      if (!(err instanceof WeatherUnavailableError)) throw err;
      const body: WeatherUnavailableResponse = { available: false, message: err.message, code: 'weather_unavailable' };
      ctx.body = body;
      // Not kept: the next visitor (or the widget's retry) asks the provider again.
      ctx.set('Cache-Control', 'no-store');
      return;
    }
    // Browsers may reuse it briefly; the server caches the provider's answer longer.
    ctx.set('Cache-Control', 'public, max-age=300');
  });
}
