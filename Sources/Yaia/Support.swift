// Every module that imports the core reads its shared helpers (bounded input, visible text, the
// lock) as before: they moved to YaiaSupport, which build tools use without the core. What only
// the tools share (SARIF, edit distance) is in YaiaToolSupport, which an app never links.
@_exported import YaiaSupport
