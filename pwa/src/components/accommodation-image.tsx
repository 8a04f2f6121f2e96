import { useState } from 'react';
import Box from '@mui/material/Box';
import Landscape from '@mui/icons-material/Landscape';
import { accommodationImageSrc } from '../lib/images.js';

/** The cover picture (first image), lazy-loaded; a calm placeholder when there is none. */
export function AccommodationImage({ images, name, height = 220 }: { images: string[]; name: string; height?: number }) {
  const [failed, setFailed] = useState(false);
  const first = images[0];
  if (!first || failed) {
    return (
      <Box
        sx={{
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: 'linear-gradient(160deg, #d9c49a 0%, #b8956a 60%, #8a6a3a 100%)',
          color: 'rgba(255,255,255,0.85)',
        }}
      >
        <Landscape sx={{ fontSize: 56 }} aria-hidden />
      </Box>
    );
  }
  return (
    <Box
      component="img"
      src={accommodationImageSrc(first)}
      alt={name}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      sx={{ display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'grey.200' }}
    />
  );
}
