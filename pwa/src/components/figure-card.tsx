import { Link as RouterLink } from 'react-router';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/**
 * The one summary figure that cannot be computed (the lodge keeps no ratings): the spec's
 * fixed value, on the dashboard, the calendar and the staff home.
 */
export const GUEST_SATISFACTION = '4.8/5';

/**
 * One figure of a back-office summary row (dashboard, calendar, bookings): a quarter of the
 * row on a tablet, half on a phone. `heading` keeps the page's heading order. With `to`, the
 * whole card is a link (the dashboard's occupancy and revenue open the report).
 */
export function FigureCard({
  title,
  value,
  caption,
  heading = 'h2',
  to,
}: {
  title: string;
  value: string;
  caption?: string;
  heading?: 'h2' | 'h3';
  to?: string;
}) {
  const content = (
    <CardContent>
      <Typography variant="body2" color="text.secondary" component={heading}>
        {title}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: caption ? 0.5 : 0 }}>
        {value}
      </Typography>
      {caption && (
        <Typography variant="caption" color="text.secondary">
          {caption}
        </Typography>
      )}
    </CardContent>
  );
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Card sx={{ height: '100%' }}>
        {to ? (
          <CardActionArea component={RouterLink} to={to} sx={{ height: '100%', alignItems: 'flex-start' }}>
            {content}
          </CardActionArea>
        ) : (
          content
        )}
      </Card>
    </Grid>
  );
}
