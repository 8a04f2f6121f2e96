import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import HowToReg from '@mui/icons-material/HowToReg';
import { registerProgress, registerProgressLabel } from '@shared/domain/lodger-register.js';
import { useGuestRegister } from '../api/guest-register.js';

/** The way from the guest's booking to the pre-arrival check-in, with how far the register is. */
export function CheckInLink({ token }: { token: string }) {
  const register = useGuestRegister(token);
  if (register.data && !register.data.open) return null;
  const progress = register.data ? registerProgress(register.data.entries, register.data.adultsExpected) : null;
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="check-in-heading">
      <Typography variant="h6" component="h2" id="check-in-heading">
        Check in before you arrive
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The law asks the lodge to register every adult staying. Do it now on your phone and spend less time at the desk.
      </Typography>
      {progress && progress.registered > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="register-progress">
          {registerProgressLabel(progress)}
        </Typography>
      )}
      <Box>
        <Button
          component={RouterLink}
          to={`/my-booking/${encodeURIComponent(token)}/check-in`}
          variant="contained"
          startIcon={<HowToReg />}
          sx={{ minWidth: { xs: '100%', sm: 240 } }}
        >
          Pre-arrival check-in
        </Button>
      </Box>
    </Stack>
  );
}
