import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FindUs } from '@/components/find-us.js';
import { PageHeader } from '@/components/page-header.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { ContactForm } from './components/contact-form.js';

/** /contact: how to reach the lodge, from the public settings, a form to write to it, and where it is. */
export function ContactPage() {
  const { data: settings, isLoading, isError } = usePublicSettings();

  return (
    <>
      <Container sx={{ pt: { xs: 4, md: 6 } }}>
        <PageHeader title="Contact Us" subtitle="We are happy to help you plan your stay." />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            {isLoading ? (
              <Skeleton variant="rounded" height={160} />
            ) : isError || !settings ? (
              <Typography color="text.secondary">Contact details are unavailable right now. Please try again later.</Typography>
            ) : (
              <Stack spacing={3}>
                <Paper variant="outlined" sx={{ p: 3 }}>
                  <Typography variant="h6" component="h2" gutterBottom>
                    {settings.lodgeName}
                  </Typography>
                  <Stack spacing={1.5}>
                    {settings.contactPhone && (
                      <Detail label="Phone">
                        <Link href={`tel:${settings.contactPhone.replace(/\s+/g, '')}`}>{settings.contactPhone}</Link>
                      </Detail>
                    )}
                    {settings.contactEmail && (
                      <Detail label="Email">
                        <Link href={`mailto:${settings.contactEmail}`}>{settings.contactEmail}</Link>
                      </Detail>
                    )}
                    {settings.whatsappNumber && (
                      <Detail label="WhatsApp">
                        {/* wa.me wants the number in international form, digits only. */}
                        <Link href={`https://wa.me/${settings.whatsappNumber.replace(/\D/g, '')}`} target="_blank" rel="noopener noreferrer">
                          {settings.whatsappNumber}
                        </Link>
                      </Detail>
                    )}
                    {settings.address && <Detail label="Address">{settings.address}</Detail>}
                    <Detail label="Check-in and check-out">
                      Check-in from {settings.checkInTime}, check-out by {settings.checkOutTime}
                    </Detail>
                  </Stack>
                </Paper>
                {settings.directions && (
                  <Paper variant="outlined" sx={{ p: 3 }}>
                    <Typography variant="h6" component="h2" gutterBottom>
                      Directions
                    </Typography>
                    <Typography sx={{ whiteSpace: 'pre-line' }}>{settings.directions}</Typography>
                  </Paper>
                )}
                {(settings.emergencyMedicalPhone || settings.emergencyPolicePhone) && (
                  <Paper variant="outlined" sx={{ p: 3 }}>
                    <Typography variant="h6" component="h2" gutterBottom>
                      Emergencies
                    </Typography>
                    <Stack spacing={1.5}>
                      {settings.emergencyMedicalPhone && (
                        <Detail label="Medical">
                          <Link href={`tel:${settings.emergencyMedicalPhone.replace(/\s+/g, '')}`}>{settings.emergencyMedicalPhone}</Link>
                        </Detail>
                      )}
                      {settings.emergencyPolicePhone && (
                        <Detail label="Police">
                          <Link href={`tel:${settings.emergencyPolicePhone.replace(/\s+/g, '')}`}>{settings.emergencyPolicePhone}</Link>
                        </Detail>
                      )}
                    </Stack>
                  </Paper>
                )}
              </Stack>
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Paper variant="outlined" component="section" aria-labelledby="contact-form-title" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="contact-form-title" variant="h6" component="h2" gutterBottom>
                Send us a message
              </Typography>
              <ContactForm />
            </Paper>
          </Grid>
        </Grid>
      </Container>
      <FindUs settings={settings} id="location" />
    </>
  );
}

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      {/* Long e-mail addresses must wrap on a phone instead of widening the page. */}
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </div>
  );
}
