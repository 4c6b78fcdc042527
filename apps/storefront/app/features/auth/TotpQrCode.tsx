import { useEffect, useState } from 'react';

/** The otpauth URI as a QR code; the encoder loads only when a TOTP set-up is shown. */
export function TotpQrCode({ uri }: { uri: string }) {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qrcode) => qrcode.toDataURL(uri, { margin: 1, width: 200 }))
      .then((dataUrl) => {
        if (current) setImage(dataUrl);
      })
      .catch((error: unknown) => console.warn('The QR code could not be drawn:', error));
    return () => {
      current = false;
    };
  }, [uri]);
  return image ? (
    <img
      src={image}
      width={200}
      height={200}
      alt="QR code for your authenticator app"
      className="auth-totp__qr"
    />
  ) : (
    <div className="auth-totp__qr" aria-hidden="true" />
  );
}
