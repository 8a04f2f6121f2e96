import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloudOff from '@mui/icons-material/CloudOff';
import { useWeather } from '@/features/home/api/use-weather.js';
import { WeatherIcon } from './weather-icon.js';

/** Current weather at the lodge, for the hero's corner. */
export function WeatherWidget() {
  const { data, isLoading, isError } = useWeather();

  return (
    <Paper
      component="section"
      aria-label="Current weather"
      sx={{
        p: 2,
        minWidth: 200,
        maxWidth: 260,
        // Nearly opaque, and no backdrop blur: a blurred backdrop is painted again on every
        // frame of the loading spinner, which kept a phone's main thread busy (Lighthouse TBT).
        bgcolor: 'rgba(255,250,240,0.94)',
        border: 0,
      }}
    >
      {isLoading ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          {/* Turning only (compositor); see LoadingState. */}
          <CircularProgress size={20} disableShrink aria-hidden />
          <Typography variant="body2">Loading weather...</Typography>
        </Box>
      ) : isError || !data ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CloudOff color="disabled" aria-hidden />
          <Box>
            {/* Not a heading (subtitle2 would be an h6 right after the page's h1). */}
            <Typography variant="subtitle2" component="p">
              Weather Unavailable
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Please try again later
            </Typography>
          </Box>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <WeatherIcon condition={data.condition} sx={{ fontSize: 40, color: 'secondary.main' }} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="p" sx={{ lineHeight: 1.1 }}>
              {Math.round(data.temp)}°C
            </Typography>
            <Typography variant="subtitle2" component="p">
              {data.condition}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
              {data.description}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {data.location}
            </Typography>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
