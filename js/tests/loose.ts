// Test data of a deliberately incomplete or odd shape, as JSON from Python may be: the front end
// reads every field as untrusted, so its readers are tested with such data too.
export function loose<T>(data: unknown): T {
  return data as T;
}
