import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    include: ["tests/**/*.test.ts"],
    css: { include: [/styles\.css/] }, // the contrast test reads the stylesheet's text (?raw)
    // The files share a worker's modules and its DOM rather than each starting afresh: a quarter of
    // the time, and every test builds what it draws on a root of its own.
    isolate: false,
  },
});
