// Builds the front end into ../icewidgets/static/: the widget (board.js, an ES module for
// anywidget) and its stylesheet (board.css), the viewer of published pages (publish.js, a plain
// script inlined into each page), the web worker of playable pages (play-worker.js), and the SVG
// writer Python runs in an embedded engine (svg.js).
// `import text from "./file?raw"` gives a file's text, as it does under Vite (vitest).

import { readFile } from "node:fs/promises";
import * as esbuild from "esbuild";

const OUT = "../icewidgets/static";

/** `?raw` imports: the file's text (a stylesheet minified first, as board.css is). */
const raw = {
  name: "raw",
  setup(build) {
    build.onResolve({ filter: /\?raw$/ }, (args) => ({
      path: new URL(args.path.replace(/\?raw$/, ""), `file://${args.resolveDir}/`).pathname,
      namespace: "raw",
    }));
    build.onLoad({ filter: /.*/, namespace: "raw" }, async (args) => {
      let text = await readFile(args.path, "utf8");
      if (args.path.endsWith(".css")) text = (await esbuild.transform(text, { loader: "css", minify: true })).code;
      return { contents: text, loader: "text" };
    });
  },
};

const common = { bundle: true, minify: true, plugins: [raw], logLevel: "warning" };

await Promise.all([
  esbuild.build({ ...common, entryPoints: ["src/index.ts"], format: "esm", target: "es2022", outfile: `${OUT}/board.js` }),
  esbuild.build({ ...common, entryPoints: ["src/publish.ts"], format: "iife", target: "es2022", outfile: `${OUT}/publish.js` }),
  // a playable page's web worker: copied into a site's runtime folder, beside Pyodide's files
  esbuild.build({ ...common, entryPoints: ["src/play-worker.ts"], format: "esm", target: "es2022", outfile: `${OUT}/play-worker.js` }),
  // QuickJS runs ES2023, with no DOM: the drawing code on mini-dom
  esbuild.build({ ...common, entryPoints: ["src/svg-engine.ts"], format: "iife", target: "es2020", outfile: `${OUT}/svg.js` }),
  esbuild.build({ entryPoints: ["src/styles.css"], minify: true, outfile: `${OUT}/board.css`, logLevel: "warning" }),
]);
