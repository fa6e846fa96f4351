// Vite imports a file's text with the ?raw suffix (the contrast test reads the stylesheet).
declare module "*?raw" {
  const text: string;
  export default text;
}
