import Box from '@mui/material/Box';
import { toString as qrCodeSvg } from 'qrcode';
import { useEffect, useState } from 'react';

export type QrCodeProps = { text: string; label: string };

/**
 * `text` as a QR code image (SVG in a data URL). Loaded only where it is shown (the set-up
 * step of two-factor sign-in), so the QR code library stays out of every other page's code.
 */
export function QrCode({ text, label }: QrCodeProps) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void qrCodeSvg(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }).then((image) => {
      if (current) setSvg(image);
    });
    return () => {
      current = false;
    };
  }, [text]);
  return (
    <Box sx={{ width: 192, height: 192, bgcolor: 'common.white' }}>
      {svg ? (
        <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} width={192} height={192} />
      ) : null}
    </Box>
  );
}
