import ArgumentParser
import YaiaBenchSupport

/// `yaia-bench-lint`: the linter's benchmarks, apart from `yaia-bench` so that the other
/// benchmarks never build swift-syntax (its optimized build is most of a release build's time).
/// Prints the same table and `figure:` lines as `yaia-bench`.
@main
struct YaiaLintBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaia-bench-lint",
    abstract: "Measure yaia lint against swift-syntax's bare parse.",
    discussion: """
      lint: a generated tree of 100,000 lines. lint-corpus: the folders in YAIA_LINT_CORPUS \
      (folder:folder:…), real apps (Tests/YaiaLintTests/Corpus/README.md). Default: lint. \
      Run in release mode: swift build -c release --product yaia-bench-lint.
      """)

  @Argument(help: "The benchmarks to run: lint, lint-corpus (default: lint).")
  var benchmarks: [String] = []

  func validate() throws {
    for name in benchmarks where !["lint", "lint-corpus"].contains(name) {
      throw ValidationError("Unknown benchmark '\(name)'. Choose from: lint, lint-corpus.")
    }
  }

  func run() throws {
    #if DEBUG
      print(
        "note: this is a debug build; build it with -c release for real figures.\n")
    #endif
    var figures: [Figure] = []
    for name in benchmarks.isEmpty ? ["lint"] : benchmarks {
      figures += name == "lint" ? LintBenchmark.run() : try LintBenchmark.runCorpus()
    }
    print(Figure.table(figures))
    for figure in figures { print(figure.machineLine) }
  }
}
