import Chip from '@mui/material/Chip';

export type RepeatMarkerProps = {
  repeatOf?: string | null;
};

/** Marks a lead whose person had already submitted (repeatOf names the first submission). */
export function RepeatMarker({ repeatOf }: RepeatMarkerProps) {
  if (!repeatOf) return null;
  return <Chip label="Repeat" size="small" variant="outlined" title="This person submitted before" sx={{ ml: 1 }} />;
}
