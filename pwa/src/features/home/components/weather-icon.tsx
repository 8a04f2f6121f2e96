import type { SvgIconProps } from '@mui/material/SvgIcon';
import WbSunny from '@mui/icons-material/WbSunny';
import Umbrella from '@mui/icons-material/Umbrella';
import AcUnit from '@mui/icons-material/AcUnit';
import Air from '@mui/icons-material/Air';
import Cloud from '@mui/icons-material/Cloud';

export type WeatherKind = 'sun' | 'rain' | 'snow' | 'wind' | 'cloud';

/** Keywords checked in this order; default is sun (docs/product.md, Landing page). */
export function weatherKind(condition: string): WeatherKind {
  const c = condition.toLowerCase();
  if (c.includes('sun') || c.includes('clear')) return 'sun';
  if (c.includes('rain') || c.includes('drizzle')) return 'rain';
  if (c.includes('snow')) return 'snow';
  if (c.includes('wind')) return 'wind';
  if (c.includes('cloud') || c.includes('overcast')) return 'cloud';
  return 'sun';
}

const ICONS = { sun: WbSunny, rain: Umbrella, snow: AcUnit, wind: Air, cloud: Cloud } as const;

export function WeatherIcon({ condition, ...props }: { condition: string } & SvgIconProps) {
  const Icon = ICONS[weatherKind(condition)];
  return <Icon data-weather={weatherKind(condition)} aria-hidden {...props} />;
}
