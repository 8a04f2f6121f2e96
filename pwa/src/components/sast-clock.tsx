import { useEffect, useState } from 'react';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { lodgeTimeOf } from '@shared/domain/dates.js';

/** The lodge's wall clock (HH:mm, South African time) whatever the device's zone. */
export function SastClock(props: TypographyProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const time = lodgeTimeOf(new Date(now));
  return (
    <Typography component="span" aria-label={`Lodge time ${time} SAST`} {...props}>
      <time dateTime={new Date(now).toISOString()}>{time}</time> SAST
    </Typography>
  );
}
