// A sealed record: the record opens with the designer's private key and nothing else, what the
// seat saw is in the clear and bound to it, and a browser with no WebCrypto seals nothing.
import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { NO_CRYPTO, SEALED_FORMAT, seal } from "../src/seal";

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const RECORD = '{"format": "icewidgets-record", "seed": 123456789, "nodes": [{"parent": null}]}';
const SEEN = '{"seat": 0, "moves": [["deal ? to blue", ""]]}';

async function designer(): Promise<{ pair: CryptoKeyPair; key: string }> {
  const pair = await subtle.generateKey({ name: "RSA-OAEP", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]),
    hash: "SHA-256" }, true, ["encrypt", "decrypt"]);
  const spki = new Uint8Array(await subtle.exportKey("spki", pair.publicKey));
  return { pair, key: btoa(String.fromCharCode(...spki)) };
}

const bytes = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

async function open(file: Record<string, unknown>, key: CryptoKey, seen = file.seen as string): Promise<string> {
  const raw = await subtle.decrypt({ name: "RSA-OAEP" }, key, bytes(file.key as string));
  const secret = await subtle.importKey("raw", raw, "AES-GCM", false, ["decrypt"]);
  const text = await subtle.decrypt({ name: "AES-GCM", iv: bytes(file.iv as string),
    additionalData: new TextEncoder().encode(`${String(file.sealed_for)}\n${seen}`) }, secret, bytes(file.record as string));
  return new TextDecoder().decode(text);
}

describe("seal", () => {
  it("keeps what the seat saw in the clear and the record for the designer's key alone", async () => {
    const { pair, key } = await designer();
    const file = JSON.parse(await seal(RECORD, SEEN, { key, for: "0123456789abcdef" }, subtle)) as Record<string, unknown>;
    expect(file.format).toBe(SEALED_FORMAT);
    expect(file.sealed_for).toBe("0123456789abcdef");
    expect(file.seen).toBe(SEEN);
    expect(JSON.stringify(file)).not.toContain("123456789,");
    expect(await open(file, pair.privateKey)).toBe(RECORD);
    const other = await designer();
    await expect(open(file, other.pair.privateKey)).rejects.toThrow();
    await expect(open(file, pair.privateKey, SEEN.replace("blue", "green"))).rejects.toThrow();
  });

  it("seals each download with a key of its own", async () => {
    const { key } = await designer();
    const to = { key, for: "0123456789abcdef" };
    const [a, b] = [JSON.parse(await seal(RECORD, SEEN, to, subtle)), JSON.parse(await seal(RECORD, SEEN, to, subtle))];
    expect(a.record).not.toBe(b.record);
    expect(a.iv).not.toBe(b.iv);
  });

  it("refuses where the browser offers no WebCrypto (a plain http page), rather than keep the record open", async () => {
    await expect(seal(RECORD, SEEN, { key: "", for: "x" }, null)).rejects.toThrow(NO_CRYPTO);
  });
});
