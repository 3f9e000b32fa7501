import './lead-parts.css';

export type RepeatMarkerProps = {
  repeatOf?: string | null;
};

/** Marks a lead whose person had already submitted (repeatOf names the first submission). */
export function RepeatMarker({ repeatOf }: RepeatMarkerProps) {
  if (!repeatOf) return null;
  return (
    <span className="repeat-chip" title="This person submitted before">
      Repeat
    </span>
  );
}
