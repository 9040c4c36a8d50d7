package import Foundation
import Yaia
package import YaiaInspector

/// How to run the sample app: what `yaia demo`'s options say.
package struct DemoOptions: Sendable {
  /// Which launch.
  package var scenario: DemoScenario = .regular
  /// Another server instead of the embedded mock server.
  package var server: URL?
  /// The mock server scenario every request asks for (`update-required`, `server-error`…).
  package var serverScenario: String?
  /// Where the data lives.
  package var dataFolder: DataFolder = .standard()
  /// Whether to wipe the data folder first.
  package var reset = false
  /// The radio's seed.
  package var seed: UInt64 = 1
  /// A script of inputs instead of the keyboard.
  package var script: DemoScript?
  /// ANSI screens (`nil`: when the output is a terminal).
  package var ansi: Bool?
  /// A deep link to open at start (`yaia-demo://pair`), held until the launch has ended.
  package var link: String?
  /// A Yaia Inspector to stream the app's events, launch and requests to (`yaia inspect`).
  package var inspector: InspectorAddress?

  /// The defaults: a regular launch on the embedded server, data in the standard folder.
  package init() {}
}

/// Why the demo could not run, or why its script failed.
package enum DemoError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The data folder or store could not be used.
  case data(String)
  /// The backend did not start.
  case backend(String)
  /// The launch plan is invalid (a bug in the app: the message names the cycle or step).
  case plan(String)
  /// The app's String Catalog cannot be read (a broken build: the message names the line).
  case texts(String)
  /// The inspector given with `--inspect` cannot be reached.
  case inspector(String)
  /// A script's `wait` timed out; the screen it saw.
  case waitTimedOut(line: Int, text: String, timeout: Duration, screen: String)

  /// What went wrong and what to do.
  package var description: String {
    switch self {
    case .data(let problem): return problem
    case .backend(let problem): return problem
    case .plan(let problem): return "The launch plan is invalid: \(problem)"
    case .texts(let problem): return problem
    case .inspector(let problem): return problem
    case .waitTimedOut(let line, let text, let timeout, let screen):
      return
        "script line \(line): waited \(DurationText.format(timeout)) for \"\(text)\", but the screen shows:\n\(screen)"
    }
  }
}
