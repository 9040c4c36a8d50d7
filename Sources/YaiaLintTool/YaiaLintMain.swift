#if Lint  // the trait; without it, TraitRequirement.swift names it
  import YaiaCommandLine

  /// `yaia-lint`: the linter on its own, so that only this executable (and the lint plugin)
  /// builds swift-syntax; `yaia lint` runs it.
  @main
  enum YaiaLintMain {
    /// Runs ``LintCommand`` with its argument errors shown escaped.
    static func main() async {
      await LintCommand.mainShowingArgumentsSafely()
    }
  }
#endif
