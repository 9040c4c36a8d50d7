import ArgumentParser
import Foundation
import Yaia

/// `yaia`: Yaia's command-line tools.
@main
struct Yaia: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "yaia",
    abstract: "Tools for apps built with Yaia.",
    subcommands: [
      DemoCommand.self, MockServerCommand.self, GraphCommand.self, LintCommand.self,
      InspectCommand.self,
    ])

  /// Parses and runs the command as ArgumentParser's own `main()` does, except that every line
  /// it prints about the arguments is shown with ``VisibleText``: ArgumentParser echoes a
  /// refused value as it was typed, and a value pasted from a link or a script can hold
  /// terminal escapes that would clear the screen or retitle the window.
  static func main() async {
    do {
      var command = try await asyncParseAsRoot(nil)
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch {
      let code = exitCode(for: error)
      let message = fullMessage(for: error)
      if !message.isEmpty {
        let shown =
          message.split(separator: "\n", omittingEmptySubsequences: false)
          .map { VisibleText.escaped($0) }.joined(separator: "\n") + "\n"
        let stream = code == .success ? FileHandle.standardOutput : FileHandle.standardError
        stream.write(Data(shown.utf8))
      }
      Foundation.exit(code.rawValue)
    }
  }
}
