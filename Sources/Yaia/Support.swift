// Every module that imports the core reads its shared helpers (bounded input, visible text, the
// lock, SARIF) as before: they moved to YaiaSupport, which build tools use without the core.
@_exported import YaiaSupport
