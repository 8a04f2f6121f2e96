import { useState } from 'react';
import Box from '@mui/material/Box';
import Landscape from '@mui/icons-material/Landscape';
import { CARD_PICTURE_SIZES, cardPicture } from '@shared/image-urls.js';

/**
 * The cover picture (first image), resized by the image endpoint for the card's width on
 * this screen, lazy-loaded. The box has a fixed height (and the img its intrinsic 3:2
 * size) so nothing jumps when the picture arrives. A calm placeholder when there is none.
 */
export function AccommodationImage({
  images,
  name,
  height = 220,
  sizes = CARD_PICTURE_SIZES,
  priority = false,
}: {
  images: string[];
  name: string;
  height?: number;
  sizes?: string;
  /** The page's largest picture in the first screen: fetched at once, first. */
  priority?: boolean;
}) {
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
  const picture = cardPicture(first);
  return (
    // A plain img: MUI's Box would read width/height as styles, not the intrinsic size.
    <img
      src={picture.src}
      srcSet={picture.srcSet}
      sizes={sizes}
      width={1280}
      height={853}
      alt={name}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      onError={() => setFailed(true)}
      style={{ display: 'block', width: '100%', height, objectFit: 'cover', backgroundColor: '#eeeeee' }}
    />
  );
}
