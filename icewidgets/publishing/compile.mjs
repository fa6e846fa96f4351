// Byte-compiles the modules a playable page's worker imports, with the site's own Pyodide (so
// the bytecode is its Python's), for play.py's write_runtime:
//     node compile.mjs <the Pyodide folder> <the package zip> <the zip of .pyc files to write>
// The worker's start is run as in the browser (Pyodide started, the player imported); each module
// it loaded from the package or the standard library's zip is compiled as an unchecked hash-based
// .pyc, named as its source with a "c" after (icewidgets/..., python_stdlib/<its path in the zip>),
// to take that source's place. Pyodide's standard library comes as sources only, which every
// start would compile again.

import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [folder, source, target] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${folder}/pyodide.mjs`).href);
const py = await loadPyodide({ indexURL: `${folder}/` });
py.unpackArchive(new Uint8Array(readFileSync(source)), "zip", { extractDir: "/lib/iw" });
py.runPython(`
import io, os, py_compile, sys, zipfile
sys.path.insert(0, "/lib/iw")
from icewidgets.publishing.web_worker import Player
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH
stdlib = next(p for p in sys.path if p.endswith(".zip"))
out = io.BytesIO()
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z, zipfile.ZipFile(stdlib) as std:
    for name in sorted(sys.modules):
        path = getattr(sys.modules[name], "__file__", None) or ""
        if name.split(".")[0] == "icewidgets" and path.startswith("/lib/iw/"):
            py_compile.compile(path, cfile=path + "c", doraise=True, invalidation_mode=UNCHECKED)
            z.write(path + "c", os.path.relpath(path, "/lib/iw") + "c")
        elif path.startswith(stdlib + "/") and path.endswith(".py"):
            inner = path[len(stdlib) + 1:]
            os.makedirs(os.path.dirname("/tmp/std/" + inner), exist_ok=True)
            with open("/tmp/std/" + inner, "wb") as f:
                f.write(std.read(inner))
            py_compile.compile("/tmp/std/" + inner, cfile="/tmp/std/" + inner + "c", dfile=path, doraise=True,
                               invalidation_mode=UNCHECKED)
            z.write("/tmp/std/" + inner + "c", "python_stdlib/" + inner + "c")
with open("/tmp/pyc.zip", "wb") as f:
    f.write(out.getvalue())
`);
writeFileSync(target, py.FS.readFile("/tmp/pyc.zip"));
