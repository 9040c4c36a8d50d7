import ArgumentParser
import YaiaBenchSupport

/// `yaia-bench`: measures the parts of Yaia and prints a table, then one machine-readable
/// `figure: NAME VALUE UNIT` line per figure.
///
/// Build it in release mode: `swift run -c release yaia-bench [scene] [diff]`.
@main
struct YaiaBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaia-bench",
    abstract: "Measure Yaia's parts and print a table of figures.",
    discussion: """
      Benchmarks: \(Benchmark.all.map(\.name).joined(separator: ", ")) (all when none is named). \
      The linter's (lint, lint-corpus) are in yaia-bench-lint, so that this one never builds \
      swift-syntax.
      Run in release mode (swift run -c release yaia-bench); debug builds are many times slower.
      After the table, each figure is printed as `figure: NAME VALUE UNIT` for scripts.
      """)

  @Argument(help: "The benchmarks to run (default: all, or none when --description is given).")
  var benchmarks: [String] = []

  @Option(
    name: .customLong("description"),
    help: ArgumentHelp(
      "An OpenAPI or Swagger description to read, sample, route and check (repeatable).",
      discussion:
        "Figures description.NAME.*: operations, load time and peak memory, samples that break their own schema, operations their routes do not answer, and requests missing a required parameter or body that are refused without naming it."
    ))
  var descriptions: [String] = []

  @Flag(help: "With --description: list each sample that breaks its own schema, and where.")
  var showProblems = false

  func validate() throws {
    let known = Set(Benchmark.all.map(\.name))
    for name in benchmarks where ["lint", "lint-corpus"].contains(name) {
      throw ValidationError(
        "'\(name)' is yaia-bench-lint's, apart so that yaia-bench never builds swift-syntax: swift build -c release --product yaia-bench-lint && .build/release/yaia-bench-lint \(name)"
      )
    }
    for name in benchmarks where !known.contains(name) {
      throw ValidationError(
        "Unknown benchmark '\(name)'. Choose from: \(Benchmark.all.map(\.name).joined(separator: ", "))."
      )
    }
  }

  func run() async throws {
    let selected = Benchmark.all.filter {
      benchmarks.isEmpty ? descriptions.isEmpty : benchmarks.contains($0.name)
    }
    #if DEBUG
      print(
        "note: this is a debug build; run `swift run -c release yaia-bench` for real figures.\n")
    #endif
    var figures: [Figure] = []
    for benchmark in selected {
      figures += try await benchmark.run()
    }
    figures += try DescriptionBenchmark.run(descriptions, showProblems: showProblems)
    print(Figure.table(figures))
    for figure in figures { print(figure.machineLine) }
  }
}
