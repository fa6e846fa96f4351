// Byte-compiles the modules a playable page's worker imports, with the site's own Pyodide (so
// the bytecode is its Python's), for play.py's write_runtime:
//     node compile.mjs <the Pyodide folder> <the package zip> <the zip of .pyc files to write>
// The worker imports the player as it does in the browser; each icewidgets module it loaded is
// compiled into its __pycache__ as an unchecked hash-based .pyc (the unpacked sources' times do
// not matter, and a module without one is compiled from its .py as before).

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, source, target] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/` });
py.unpackArchive(new Uint8Array(readFileSync(source)), "zip", { extractDir: "/lib/iw" });
py.runPython(`
import importlib.util, io, os, py_compile, sys, zipfile
sys.path.insert(0, "/lib/iw")
from icewidgets.publishing.player import Player
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    for name in sorted(sys.modules):
        path = getattr(sys.modules[name], "__file__", None) or ""
        if name.split(".")[0] == "icewidgets" and path.startswith("/lib/iw/"):
            pyc = importlib.util.cache_from_source(path)
            py_compile.compile(path, cfile=pyc, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            z.write(pyc, os.path.relpath(pyc, "/lib/iw"))
with open("/tmp/pyc.zip", "wb") as f:
    f.write(out.getvalue())
`);
writeFileSync(target, py.FS.readFile("/tmp/pyc.zip"));
