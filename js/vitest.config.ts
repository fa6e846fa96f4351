import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "happy-dom",
    include: ["tests/**/*.test.ts"],
    css: { include: [/styles\.css/] }, // the contrast test reads the stylesheet's text (?raw)
  },
});
