import { format, isValid, parse } from 'date-fns';
import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { enGB } from 'date-fns/locale/en-GB';

const ISO = 'yyyy-MM-dd';
/** The one way a date is typed and shown in the app (issue 18): day, month, year. */
export const DATE_INPUT_FORMAT = 'dd/MM/yyyy';

const toDate = (iso: string | undefined) => {
  const d = iso ? parse(iso, ISO, new Date()) : null;
  return d && isValid(d) ? d : null;
};

/**
 * A calendar-date field that reads and types DD/MM/YYYY on every device. A native
 * `<input type="date">` follows the browser's own locale (mm/dd/yyyy on an en-US Chrome), which
 * the page cannot change, so every date field of the app is this picker instead. Values stay
 * 'YYYY-MM-DD' strings like the rest of the app; an incomplete or invalid entry reports ''.
 */
export function DateField({
  label,
  value,
  onChange,
  min,
  max,
  name,
  required,
  error,
  helperText,
  size,
  fullWidth,
  sx,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  min?: string;
  max?: string;
  name?: string;
  required?: boolean;
  error?: boolean;
  helperText?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      <DatePicker
        label={label}
        format={DATE_INPUT_FORMAT}
        value={toDate(value)}
        minDate={toDate(min) ?? undefined}
        maxDate={toDate(max) ?? undefined}
        onChange={(d) => onChange(d && isValid(d) ? format(d, ISO) : '')}
        sx={sx}
        slotProps={{ textField: { name, required, error, helperText, size, fullWidth } }}
      />
    </LocalizationProvider>
  );
}
