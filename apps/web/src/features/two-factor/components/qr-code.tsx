import { useEffect, useState } from 'react';
import { saveText } from '../../../lib/download';

/**
 * A QR code drawn in the browser (the value never leaves the page); the drawing code loads on first use. Plain
 * markup, so both the sign-in pages and the signed-in screens can show it.
 */
export function QrCode({ value, alt, className = 'pb-qr' }: { value: string; alt: string; className?: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(value, { margin: 1, width: 200, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [value]);
  return src ? (
    <img className={className} src={src} alt={alt} width={200} height={200} />
  ) : (
    <div className={className} role="img" aria-label={alt} />
  );
}

/** Single-use codes shown once, with ways to keep them (copy, download as a text file). */
export function OneTimeCodes({
  codes,
  labels,
  fileName,
}: {
  codes: string[];
  labels: { copy: string; copied: string; download: string };
  fileName: string;
}) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const download = () => saveText(fileName, text, 'text/plain');
  return (
    <div className="pb-stack">
      <ul className="pb-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="pb-row">
        <button
          type="button"
          className="pb-link pb-text-button"
          onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
        >
          {copied ? labels.copied : labels.copy}
        </button>
        <button type="button" className="pb-link pb-text-button" onClick={download}>
          {labels.download}
        </button>
      </div>
    </div>
  );
}
