import { format, isValid, parse } from 'date-fns';
import type { SxProps, Theme } from '@mui/material/styles';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
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

const LOCAL_DATE_TIME = "yyyy-MM-dd'T'HH:mm";

/**
 * A date and time field (an event's start, lodge time) that reads and types
 * DD/MM/YYYY HH:mm, for the same reason as DateField. Values stay 'YYYY-MM-DDTHH:mm' (the
 * form's datetime-local shape); an incomplete entry reports ''.
 */
export function DateTimeField({
  label,
  value,
  onChange,
  name,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (localDateTime: string) => void;
  name?: string;
  error?: boolean;
  helperText?: string;
}) {
  const parsed = value ? parse(value, LOCAL_DATE_TIME, new Date()) : null;
  return (
    <LocalizationProvider dateAdapter={AdapterDateFns} adapterLocale={enGB}>
      <DateTimePicker
        label={label}
        format={`${DATE_INPUT_FORMAT} HH:mm`}
        ampm={false}
        value={parsed && isValid(parsed) ? parsed : null}
        onChange={(d) => onChange(d && isValid(d) ? format(d, LOCAL_DATE_TIME) : '')}
        slotProps={{ textField: { name, error, helperText, fullWidth: true } }}
      />
    </LocalizationProvider>
  );
}
