#if Store  // the trait; without it, TraitRequirement.swift names it
  // `SharedFile` lives in YaiaFiles (Foundation only, no trait) and comes with the store:
  // `import YaiaStore` is enough for an app that keeps values in both.
  @_exported import YaiaFiles
#endif
