import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import EventAvailable from '@mui/icons-material/EventAvailable';
import TravelExplore from '@mui/icons-material/TravelExplore';
import LocalOffer from '@mui/icons-material/LocalOffer';
import type { ReactNode } from 'react';

interface ExperienceCard {
  title: string;
  text: string;
  action: string;
  to: string;
  icon: ReactNode;
}

// Special Offers opens the lodge's current offers (the spec gives its button no target).
const CARDS: ExperienceCard[] = [
  {
    title: 'Book Accommodation',
    text: 'Choose your dates and reserve a unit, or the whole lodge for your group.',
    action: 'Book Now',
    to: '/booking',
    icon: <EventAvailable color="secondary" sx={{ fontSize: 36 }} aria-hidden />,
  },
  {
    title: 'Explore Accommodations',
    text: 'See every room and tent, what it offers and its nightly rates.',
    action: 'View All',
    to: '/accommodations',
    icon: <TravelExplore color="secondary" sx={{ fontSize: 36 }} aria-hidden />,
  },
  {
    title: 'Special Offers',
    text: 'See our current offers, such as a free night on a longer stay.',
    action: 'View Offers',
    to: '/specials',
    icon: <LocalOffer color="secondary" sx={{ fontSize: 36 }} aria-hidden />,
  },
];

export function GuestExperience() {
  return (
    <section aria-labelledby="experience-title">
      <Typography id="experience-title" variant="h4" component="h2" gutterBottom>
        Your Safari Experience
      </Typography>
      <Grid container spacing={3}>
        {CARDS.map((card) => (
          <Grid key={card.title} size={{ xs: 12, md: 4 }}>
            <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
              <CardContent sx={{ flexGrow: 1 }}>
                {card.icon}
                <Typography variant="h6" component="h3" sx={{ mt: 1 }}>
                  {card.title}
                </Typography>
                <Typography color="text.secondary">{card.text}</Typography>
              </CardContent>
              <CardActions sx={{ p: 2, pt: 0 }}>
                <Button component={RouterLink} to={card.to} variant="outlined">
                  {card.action}
                </Button>
              </CardActions>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
