import ArgumentParser
import Foundation
import Yaia
import YaiaMockServer

/// Where the commands write their lines.
enum Console {
  /// Writes a line to standard output at once (logs are read live, and by tests). What comes
  /// from outside (request paths from anyone who can reach a port, fixture values, file names)
  /// goes through the terminal rule: control characters are shown, not acted on.
  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((VisibleText.escaped(line) + "\n").utf8))
  }

  /// Writes `message` to standard error and gives the exit status of a command that could not
  /// do its work (2): for what went wrong at run time, where ArgumentParser's
  /// `ValidationError` would add a usage line that says nothing about it.
  static func failure(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data((VisibleText.escaped(message) + "\n").utf8))
    return ExitCode(2)
  }

  /// The writer of a server's per-request lines and warnings.
  static let serverLog = LogWriter()

  /// Logs a server's line without waiting: when nobody reads the output, lines are dropped
  /// and counted rather than holding the server (``LogWriter``).
  static func log(_ line: String) {
    serverLog.log(VisibleText.escaped(line))
  }

  /// Says `line` after every logged line is written (or 2 s have passed): a last line.
  static func sayAfterLog(_ line: String) {
    serverLog.flush()
    say(line)
  }

  /// A mock server's configuration as every `yaia mock-server` command starts it: on `host`
  /// and `port`, its warnings and requests written as lines, and a listener that fails ending
  /// the process (a dead port must not look like a server).
  static func serverConfiguration(host: String, port: UInt16) -> MockServer.Configuration {
    var configuration = MockServer.Configuration()
    configuration.host = host
    configuration.port = port
    configuration.onListenerFailure = { error in
      sayAfterLog("The server stopped listening: \(error). Exiting.")
      Foundation.exit(1)
    }
    configuration.onWarning = { log($0) }
    configuration.onRequest = { entry in
      let route =
        entry.route.map { " (\($0)\(entry.scenario.map { ", scenario \($0)" } ?? ""))" }
        ?? " (no route)"
      let path = entry.request.path.removingPercentEncoding ?? entry.request.path
      log("\(entry.request.method) \(path) -> \(entry.status)\(route)")
    }
    return configuration
  }
}
