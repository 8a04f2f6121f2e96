import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** 'Experience the Greater Kruger'; both buttons lead to the contact page, which has the map. */
export function LocationBlock() {
  return (
    <Box
      component="section"
      aria-labelledby="location-title"
      sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 4, p: { xs: 3, md: 5 } }}
    >
      <Typography id="location-title" variant="h4" component="h2" gutterBottom>
        Experience the Greater Kruger
      </Typography>
      <Typography sx={{ opacity: 0.9, maxWidth: 640 }}>
        Unfenced wilderness shared with the Kruger National Park: the Big Five, open skies and quiet nights around the fire.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <Button component={RouterLink} to="/contact#location" variant="contained" color="secondary">
          Learn More About Our Location
        </Button>
        <Button
          component={RouterLink}
          to="/contact"
          variant="outlined"
          sx={{ color: 'inherit', borderColor: 'rgba(255,250,240,0.8)' }}
        >
          Contact Us
        </Button>
      </Stack>
    </Box>
  );
}
