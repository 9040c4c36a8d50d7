#if Tools || Lint  // the trait; without it, TraitRequirement.swift names it
  public import ArgumentParser
  import Foundation
  import Yaia

  extension ParsableCommand {
    /// Parses and runs the command as ArgumentParser's own `main()` does, except that every line
    /// it prints about the arguments is shown with `VisibleText`: ArgumentParser echoes a refused
    /// value as it was typed, and a value pasted from a link or a script can hold terminal
    /// escapes that would clear the screen or retitle the window.
    ///
    /// Every Yaia executable (`yaia`, `yaia-lint`) starts here, so they refuse bad arguments
    /// alike.
    public static func mainShowingArgumentsSafely() async {
      await runShowingArgumentsSafely { try parseAsRoot(nil) }
    }

    /// Runs what `parse` makes of the arguments; prints a refusal escaped and exits with its
    /// code.
    static func runShowingArgumentsSafely(_ parse: () async throws -> any ParsableCommand) async {
      do {
        var command = try await parse()
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

  extension AsyncParsableCommand {
    /// ``ArgumentParser/ParsableCommand/mainShowingArgumentsSafely()`` for a command with async
    /// subcommands: they are parsed as ArgumentParser's async `main()` parses them.
    public static func mainShowingArgumentsSafely() async {
      await runShowingArgumentsSafely { try await asyncParseAsRoot(nil) }
    }
  }
#endif
