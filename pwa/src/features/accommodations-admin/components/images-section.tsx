import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import UploadFile from '@mui/icons-material/UploadFile';
import type { AccommodationType } from '@shared/contracts/accommodations.js';
import { useToast } from '@/components/toast/use-toast.js';
import { ApiError, errorText } from '@/lib/api.js';
import { accommodationImageSrc } from '@shared/image-urls.js';
import { uploadProblem } from '../accommodation-form.js';
import { deleteAccommodationImage, uploadAccommodationImages } from '../api/accommodations-admin-api.js';

/** The edit dialog's images: upload (checked on the device first), show, delete; online only. */
export function ImagesSection({ type, online, onVersion }: { type: AccommodationType; online: boolean; onVersion: (v: number) => void }) {
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ title: string; description: string } | null>(null);

  const show = (p: { title: string; description: string }) => {
    setProblem(p);
    toast({ title: p.title, description: p.description, variant: 'destructive' });
  };

  const upload = async (files: File[]) => {
    setProblem(null);
    if (!files.length) return;
    for (const file of files) {
      const refused = uploadProblem(file);
      if (refused) return show(refused);
    }
    setBusy(true);
    try {
      const updated = await uploadAccommodationImages(type.id, files);
      onVersion(updated.version);
      toast({ title: files.length === 1 ? 'Image uploaded successfully!' : 'Images uploaded successfully!', variant: 'success' });
    } catch (err) {
      if (err instanceof ApiError && err.serverMessage) show({ title: err.serverMessage, description: err.fieldErrors.images ?? '' });
      else show({ title: 'Error', description: errorText(err, 'Failed to upload images') });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const remove = async (url: string) => {
    try {
      const updated = await deleteAccommodationImage(type.id, url);
      onVersion(updated.version);
      toast({ title: 'Image deleted successfully!', variant: 'success' });
    } catch (err) {
      toast({ title: 'Error', description: errorText(err, 'Failed to delete image'), variant: 'destructive' });
    }
  };

  return (
    <Box component="section" aria-label="Images">
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          Images ({type.images.length})
        </Typography>
        <Button component="label" variant="outlined" startIcon={<UploadFile />} disabled={busy || !online}>
          {busy ? 'Uploading...' : 'Upload Images'}
          <input
            ref={input}
            hidden
            type="file"
            accept="image/*"
            multiple
            aria-label="Upload images"
            onChange={(e) => void upload(Array.from(e.target.files ?? []))}
          />
        </Button>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        JPG, PNG, GIF, WebP, max 10MB per file
      </Typography>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setProblem(null)}>
          <AlertTitle>{problem.title}</AlertTitle>
          {problem.description}
        </Alert>
      )}
      {type.images.length > 0 && (
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 1, mt: 1 }}>
          {type.images.map((url, i) => (
            <Box key={url} sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', bgcolor: '#eee' }}>
              <img src={accommodationImageSrc(url, 320)} alt={`${type.name} image ${i + 1}`} loading="lazy" style={{ display: 'block', width: '100%', height: 90, objectFit: 'cover' }} />
              <IconButton
                size="small"
                aria-label={`Delete image ${i + 1}`}
                disabled={!online}
                onClick={() => void remove(url)}
                sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'rgba(255,255,255,0.9)', '&:hover': { bgcolor: '#fff' } }}
              >
                <DeleteOutline fontSize="small" sx={{ color: '#b91c1c' }} />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}
