// Vite imports a file's text with the ?raw suffix (the contrast test reads the stylesheet).
declare module "*?raw" {
  const text: string;
  export default text;
}

// Vite's import.meta.glob (the fixture test reads every scene the games write).
interface ImportMeta {
  glob<T = unknown>(pattern: string, options: { eager: true; import: "default" }): Record<string, T>;
}
