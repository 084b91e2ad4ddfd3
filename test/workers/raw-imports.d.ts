// Vite's ?raw suffix: the file's text, used to put logic.js fixtures into R2.
declare module "*?raw" {
  const source: string;
  export default source;
}
