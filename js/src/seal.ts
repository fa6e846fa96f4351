// A playable page's record sealed for the designer (icewidgets/core/sealed.py reads it): what the
// seat saw stays in the clear; the whole record is encrypted with a fresh AES-256-GCM key, which
// is wrapped by RSA-OAEP (SHA-256) for the designer's public key. The key's name and the clear
// part are the encryption's additional data, so an edit anywhere leaves the file unopenable.
// The browser's WebCrypto does the work: it is offered on https pages and on localhost.

export const SEALED_FORMAT = "icewidgets-sealed-record";
export const NO_CRYPTO =
  "this browser seals records only on a page served over https (or from localhost): ask the designer for such a link";

/** The key a page seals to: its SubjectPublicKeyInfo in base64, and its name (fingerprint). */
export interface SealKey {
  key: string;
  for: string;
}

function base64(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  let text = "";
  for (const b of view) text += String.fromCharCode(b);
  return btoa(text);
}

function unbase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** The sealed file's JSON text for `record` (JSON text), `seen` (JSON text) and `to`. */
export async function seal(record: string, seen: string, to: SealKey,
                           subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<string> {
  if (!subtle) throw new Error(NO_CRYPTO);
  const encode = (text: string): Uint8Array<ArrayBuffer> => new TextEncoder().encode(text);
  const designer = await subtle.importKey("spki", unbase64(to.key), { name: "RSA-OAEP", hash: "SHA-256" }, false, ["encrypt"]);
  const secret = await subtle.generateKey({ name: "AES-GCM", length: 256 }, true, ["encrypt"]);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const body = await subtle.encrypt({ name: "AES-GCM", iv, additionalData: encode(`${to.for}\n${seen}`) }, secret, encode(record));
  const wrapped = await subtle.encrypt({ name: "RSA-OAEP" }, designer, await subtle.exportKey("raw", secret));
  return JSON.stringify({
    format: SEALED_FORMAT, version: 1, sealed_for: to.for, seen,
    key: base64(wrapped), iv: base64(iv), record: base64(body),
  }, null, 1);
}
