import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * What the guest is told before any field is shown (POPIA section 18): what is collected, that
 * the law requires it and so it is mandatory, who sees it, how it is kept and for how long,
 * and the guest's rights.
 */
export function RegisterNotice({ lodgeName, retentionMonths, onContinue }: { lodgeName: string; retentionMonths: number; onContinue: () => void }) {
  return (
    <Stack spacing={2} component="section" aria-labelledby="notice-heading" data-testid="register-notice">
      <Typography variant="h5" component="h2" id="notice-heading">
        Before you start: your personal information
      </Typography>
      <Typography>
        {lodgeName} must keep a register of everyone who stays. For every adult staying, we collect:
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, '& li': { mb: 0.5 } }}>
        <li>full names and surname</li>
        <li>ID or passport number, and a copy of the ID or passport</li>
        <li>nationality</li>
        <li>residence status in South Africa</li>
        <li>home address</li>
        <li>a signature</li>
      </Box>
      <Part title="Why, and is it required?">
        The Immigration Act 13 of 2002, section 40, and the Immigration Regulations 2014, regulation 36, require every
        place of accommodation to keep this register. Giving this information is therefore mandatory for every adult
        staying: without it the lodge cannot check you in. It is used for the register only.
      </Part>
      <Part title="Who sees it?">
        The lodge&apos;s staff, and an immigration officer who asks to inspect the register. No one else.
      </Part>
      <Part title="How is it kept?">
        Safely: stored encrypted, and destroyed {retentionMonths} months after your stay ends.
      </Part>
      <Part title="Your rights">
        You may ask the lodge to see the information it holds about you and to correct it. If you are unhappy with how
        it is handled, you may complain to the Information Regulator (inforegulator.org.za).
      </Part>
      <Box>
        <Button variant="contained" size="large" onClick={onContinue} sx={{ minWidth: { xs: '100%', sm: 200 } }}>
          Continue
        </Button>
      </Box>
    </Stack>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography>{children}</Typography>
    </Box>
  );
}
