import { useEffect, useId, useImperativeHandle, useRef, type Ref } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SignaturePad from 'signature_pad';

export interface SignatureHandle {
  isEmpty: () => boolean;
  /** The drawing as a PNG; null when the pad is empty or the browser cannot export it. */
  toPng: () => Promise<Blob | null>;
}

/**
 * A signature drawn with a finger (or a mouse) on a canvas: the guest's own on their phone,
 * or on the desk's tablet handed to them. The canvas is sized to its box in device pixels, so
 * the line stays sharp on the screen and in the exported PNG; on a resize (the phone turned)
 * the strokes are drawn again at the new size.
 *
 * The form asks the handle for the PNG when it saves, not on each stroke: the export is
 * asynchronous, so a PNG kept in state after the last stroke would still be missing when a
 * quick tap on Save follows the signature on a slow tablet.
 */
export function SignatureField({
  handle,
  error,
  disabled = false,
  label = 'Signature',
  hint = 'Sign with your finger in the box below.',
  onDrawn,
}: {
  handle: Ref<SignatureHandle>;
  error?: string;
  disabled?: boolean;
  label?: string;
  hint?: string;
  onDrawn: (drawn: boolean) => void;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onDrawnRef = useRef(onDrawn);
  onDrawnRef.current = onDrawn;
  const labelId = useId();
  const helpId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // A white ground: the signature is printed on the register's paper copy.
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(20, 20, 40)' });
    padRef.current = pad;
    let width = 0;
    const fit = () => {
      if (canvas.offsetWidth === width && width !== 0) return;
      width = canvas.offsetWidth;
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    fit();
    const ended = () => onDrawnRef.current(!pad.isEmpty());
    pad.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  useImperativeHandle(
    handle,
    () => ({
      isEmpty: () => padRef.current?.isEmpty() ?? true,
      toPng: () =>
        new Promise<Blob | null>((resolve) => {
          const canvas = canvasRef.current;
          if (!canvas || !padRef.current || padRef.current.isEmpty()) return resolve(null);
          canvas.toBlob((blob) => resolve(blob), 'image/png');
        }),
    }),
    [],
  );

  function clear() {
    padRef.current?.clear();
    onDrawn(false);
  }

  return (
    <Stack spacing={1} component="fieldset" sx={{ border: 0, m: 0, p: 0, minWidth: 0 }} aria-describedby={helpId}>
      <Typography component="legend" variant="subtitle1" id={labelId} sx={{ fontWeight: 600, p: 0 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" id={helpId}>
        {hint}
      </Typography>
      <Box
        sx={{
          position: 'relative',
          border: 2,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 2,
          bgcolor: '#fff',
          overflow: 'hidden',
        }}
      >
        <Box
          component="canvas"
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          data-testid="signature-pad"
          sx={{ display: 'block', width: '100%', height: { xs: 180, sm: 200 }, touchAction: 'none', cursor: disabled ? 'default' : 'crosshair' }}
        />
        <Box
          aria-hidden
          sx={{ position: 'absolute', left: 16, right: 16, bottom: 40, borderBottom: 1, borderColor: 'grey.400', pointerEvents: 'none' }}
        />
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <FormHelperText error={Boolean(error)} sx={{ m: 0 }} data-testid="signature-error">
          {error ?? ' '}
        </FormHelperText>
        <Button size="small" onClick={clear} disabled={disabled}>
          Clear
        </Button>
      </Stack>
    </Stack>
  );
}
