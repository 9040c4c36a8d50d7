import ArgumentParser
import Foundation
import Yaia

/// `yaia lint`: runs `yaia-lint`, the linter built apart.
///
/// The linter needs swift-syntax, which takes minutes to build; `yaia` does not link it, so
/// that `swift run yaia demo` never builds it. `yaia lint` finds `yaia-lint` beside `yaia` (the
/// same build folder) and runs it with the same arguments, input and output, exiting with its
/// status; if it is not built yet, it says how to build it.
struct LintLauncherCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check the architecture's rules in Swift sources (runs yaia-lint).",
    discussion: """
      Runs yaia-lint, built apart from yaia so that the demo never builds swift-syntax: \
      `swift build --product yaia-lint` builds it once. Every argument goes to yaia-lint; \
      `yaia lint --help` shows its options.
      """,
    // --help is yaia-lint's: it shows the linter's options, not this launcher's.
    helpNames: [])

  /// Everything after `lint`, for yaia-lint.
  @Argument(parsing: .allUnrecognized, help: "yaia-lint's arguments (see yaia lint --help).")
  var arguments: [String] = []

  func run() throws {
    guard let linter = Self.linter() else {
      FileHandle.standardError.write(Data(("yaia lint: " + Self.notBuilt + "\n").utf8))
      throw ExitCode(2)
    }
    let process = Process()
    process.executableURL = linter
    process.arguments = arguments
    do {
      try process.run()
    } catch {
      let problem = "yaia lint: cannot run \(linter.path): \(error.localizedDescription)"
      FileHandle.standardError.write(Data((VisibleText.escaped(problem) + "\n").utf8))
      throw ExitCode(2)
    }
    process.waitUntilExit()
    throw ExitCode(process.terminationStatus)
  }

  /// What to do when yaia-lint is not beside yaia.
  static let notBuilt = """
    yaia lint runs yaia-lint, which is built apart so that `yaia demo` never builds \
    swift-syntax, and it is not built yet. Build it once (a few minutes the first time):
      swift build --product yaia-lint
    then run yaia lint again, or run the linter directly: swift run yaia-lint [PATHS…]
    """

  /// `yaia-lint` in the folder of the running `yaia`, if it is there and executable.
  static func linter() -> URL? {
    guard let yaia = Bundle.main.executableURL else { return nil }
    let candidate = yaia.deletingLastPathComponent().appending(path: "yaia-lint")
    return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
  }
}
