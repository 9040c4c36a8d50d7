import ArgumentParser
import Foundation
import YaiaInspectorServer

/// `yaia inspect`: serves Yaia Inspector's page and receives running apps' streams.
struct InspectCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Watch running apps' events, commands, view models and launches in a browser.",
    discussion: """
      Serves the inspector on 127.0.0.1 and prints its URL, with a random token that every \
      request needs. Open the URL in a browser; connect an app with \
      Inspector.connect(to: InspectorAddress(url), app:), or run the sample app with \
      `yaia demo --inspect URL`. Ctrl-C stops.
      """)

  @Option(help: ArgumentHelp("The port to listen on; 0 picks a free one.", valueName: "n"))
  var port: Int = 0

  func validate() throws {
    guard (0...65_535).contains(port) else {
      throw ValidationError("--port must be between 0 and 65535 (got \(port)).")
    }
  }

  func run() async throws {
    let server = InspectorServer(configuration: .init(port: UInt16(port)))
    let url: URL
    do {
      url = try await server.start()
    } catch {
      FileHandle.standardError.write(Data("yaia inspect: \(error.description)\n".utf8))
      throw ExitCode(2)
    }
    MockServerCommand.say("Yaia Inspector at \(url.absoluteString)")
    MockServerCommand.say(
      "Open it in a browser. Connect the sample app with: swift run yaia demo --inspect '\(url.absoluteString)'. Ctrl-C stops."
    )
    await MockServerCommand.waitForInterrupt()
    await server.stop()
    MockServerCommand.say("Stopped.")
  }
}
