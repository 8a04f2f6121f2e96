import { useCallback, useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { requestPersistence } from '@/offline/db.js';
import { useWaitingFiles } from '@/offline/hooks.js';

export const STORAGE_NOT_PERSISTED =
  'The browser may clear this device’s data when space runs low, and with it changes and register files not yet sent. Install the app to the home screen, or allow this site to store data in the browser’s site settings, then ask again.';

/** "3.2 MB": storage figures for people. */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : String(Math.round(mb)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')} MB`;
}

interface StorageFacts {
  /** null: this browser cannot say. */
  persisted: boolean | null;
  usage: number | null;
  quota: number | null;
}

async function readStorage(): Promise<StorageFacts> {
  const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
  const [persisted, estimate] = await Promise.all([
    storage?.persisted ? storage.persisted().catch(() => null) : Promise.resolve(null),
    storage?.estimate ? storage.estimate().catch(() => null) : Promise.resolve(null),
  ]);
  return { persisted, usage: estimate?.usage ?? null, quota: estimate?.quota ?? null };
}

/**
 * The Sync page's "This device's storage": whether the browser keeps it under pressure
 * (navigator.storage.persisted), how much it holds of what it may, and the register files still
 * waiting to be sent, per booking. Files live only here until the server has them.
 */
export function StorageSection() {
  const [facts, setFacts] = useState<StorageFacts | null>(null);
  const [asking, setAsking] = useState(false);
  const files = useWaitingFiles();

  const refresh = useCallback(() => readStorage().then(setFacts), []);
  useEffect(() => {
    void refresh();
  }, [refresh, files]);

  const ask = async () => {
    setAsking(true);
    try {
      await requestPersistence();
      await refresh();
    } finally {
      setAsking(false);
    }
  };

  const waitingCount = files?.reduce((n, f) => n + f.count, 0) ?? 0;
  const waitingBytes = files?.reduce((n, f) => n + f.bytes, 0) ?? 0;

  return (
    <Box component="section" aria-labelledby="sync-storage">
      <Typography id="sync-storage" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        This device’s storage
      </Typography>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <Fact label="Kept by the browser" value={facts === null ? '…' : facts.persisted === null ? 'Unknown' : facts.persisted ? 'Yes, persisted' : 'No, may be cleared'} />
          <Fact
            label="In use"
            value={facts === null ? '…' : facts.usage === null ? 'Unknown' : facts.quota ? `${megabytes(facts.usage)} of ${megabytes(facts.quota)}` : megabytes(facts.usage)}
          />
          <Fact label="Files waiting to be sent" value={files === undefined ? '…' : waitingCount === 0 ? 'None' : `${waitingCount} (${megabytes(waitingBytes)})`} />
        </CardContent>
        {facts?.persisted === false && (
          <Alert
            severity="warning"
            sx={{ borderRadius: 0 }}
            action={
              <Button color="inherit" onClick={() => void ask()} disabled={asking} sx={{ minHeight: 44, whiteSpace: 'nowrap' }}>
                Ask again
              </Button>
            }
          >
            {STORAGE_NOT_PERSISTED}
          </Alert>
        )}
        {files && files.length > 0 && (
          <Box component="ul" aria-label="Files waiting to be sent" sx={{ m: 0, p: 0, borderTop: 1, borderColor: 'divider' }}>
            {files.map((f) => (
              <Box component="li" key={f.bookingId} data-testid="waiting-files" sx={{ listStyle: 'none', px: 2, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
                <Typography>
                  <strong>{f.reference ?? 'A booking no longer on this device'}</strong>: {f.count} {f.count === 1 ? 'file' : 'files'}, {megabytes(f.bytes)}
                </Typography>
                {f.failed.map((x, i) => (
                  <Typography key={i} variant="body2" color="error">
                    {x.kind === 'signature' ? 'Signature' : 'ID copy'} refused by the server: {x.reason}
                  </Typography>
                ))}
              </Box>
            ))}
          </Box>
        )}
      </Card>
    </Box>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700 }}>{value}</Typography>
    </Box>
  );
}
