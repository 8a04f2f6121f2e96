import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { errorText, needsConnection } from '@/lib/api.js';
import { fetchRegisterFile } from './api/lodger-register-api.js';

export interface RegisterFile {
  attachmentId: string;
  kind: 'id-copy' | 'signature';
  /** Whose file it is: "Thandi Mokoena". */
  person: string;
}

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; url: string; type: string };

const dialogTitle = (file: RegisterFile) => (file.kind === 'id-copy' ? `ID copy: ${file.person}` : `Signature: ${file.person}`);

/**
 * An ID copy or a signature from the register, fetched when the dialog opens (the server
 * audits every read) and shown from memory: an image as an image, a PDF in the browser's
 * viewer, anything else as a download. The object URL is let go when the dialog closes.
 */
export function RegisterFileDialog({ file, onClose }: { file: RegisterFile | null; onClose: () => void }) {
  return (
    <Dialog open={file !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="register-file-title">
      {file && (
        <>
          <DialogTitle id="register-file-title">{dialogTitle(file)}</DialogTitle>
          <DialogContent>
            <FileView key={file.attachmentId} file={file} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} sx={{ minHeight: 44 }}>
              Close
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

function FileView({ file }: { file: RegisterFile }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    fetchRegisterFile(file.attachmentId, abort.signal).then(
      (blob) => {
        url = URL.createObjectURL(blob);
        setLoaded({ status: 'ready', url, type: blob.type });
      },
      (err: unknown) => {
        if (!abort.signal.aborted) setLoaded({ status: 'error', message: errorText(err, 'The file could not be opened', needsConnection('Opening the file')) });
      },
    );
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [file.attachmentId]);

  if (loaded.status === 'loading') return <Typography color="text.secondary">Opening the file...</Typography>;
  if (loaded.status === 'error')
    return (
      <Typography role="alert" sx={{ color: '#7c2d12' }}>
        {loaded.message}
      </Typography>
    );
  const alt = dialogTitle(file);
  const name = file.kind === 'id-copy' ? 'id-copy' : 'signature';
  if (loaded.type.startsWith('image/'))
    return (
      <Box
        component="img"
        src={loaded.url}
        alt={alt}
        sx={{ display: 'block', maxWidth: '100%', maxHeight: '70vh', mx: 'auto', bgcolor: file.kind === 'signature' ? '#fff' : undefined, border: 1, borderColor: 'divider' }}
      />
    );
  if (loaded.type === 'application/pdf')
    return (
      <>
        <Box component="object" data={loaded.url} type="application/pdf" aria-label={alt} sx={{ width: '100%', height: '70vh', border: 1, borderColor: 'divider' }} />
        <Link href={loaded.url} download={`${name}.pdf`} sx={{ display: 'inline-block', mt: 1 }}>
          Download the PDF
        </Link>
      </>
    );
  return (
    <Link href={loaded.url} download={name}>
      Download the file
    </Link>
  );
}
