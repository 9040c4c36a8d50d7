import ArgumentParser
import Foundation
import YaiaInspector
import YaiaInspectorServer

/// `yaia inspect`: the inspector's server (its default), and a recorded session made a test.
struct InspectCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Watch running apps' events, commands, view models and launches in a browser.",
    subcommands: [InspectServeCommand.self, InspectURLCommand.self, ExportTestCommand.self],
    defaultSubcommand: InspectServeCommand.self)
}

/// `yaia inspect [serve]`: serves Yaia Inspector's page and receives running apps' streams.
struct InspectServeCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract:
      "Watch running apps' events, commands, view models and launches in a browser (the default).",
    discussion: """
      Serves the inspector on 127.0.0.1 and prints its URL, with a random token that every \
      request needs. Open the URL in a browser. Its port and token are saved for you \
      ($XDG_STATE_HOME/yaia/inspector.json, else ~/.local/state/yaia/inspector.json, mode \
      0600), so a restarted inspector comes back at the same address and open pages and apps \
      find it again. Apps on this machine read that file, or the URL in YAIA_INSPECTOR: \
      `yaia demo --inspect`, or Inspector.connect(to: InspectorAddress.find(), app:). What \
      the inspector took is kept beside it (inspector-history.jsonl, mode 0600, at most \
      2 × 64 MiB), so a restart shows the last run's steps; --no-history keeps nothing and \
      --forget starts empty. Ctrl-C stops.
      """)

  @Option(
    help: ArgumentHelp(
      "The port to listen on; 0 picks a free one. Default: the port saved by the last run, else a free one.",
      valueName: "n"))
  var port: Int?

  @Flag(
    help:
      "Make a new token (and, without --port, take a free port): apps and pages that knew the old one are shut out."
  )
  var newToken = false

  @Flag(help: "Keep nothing on disk: a restart starts with an empty page.")
  var noHistory = false

  @Flag(help: "Delete what the last runs kept before starting.")
  var forget = false

  func validate() throws {
    if let port, !(0...65_535).contains(port) {
      throw ValidationError("--port must be between 0 and 65535 (got \(port)).")
    }
  }

  func run() async throws {
    let file = InspectorStateFile.standard()
    var saved: InspectorStateFile.Saved?
    do {
      saved = newToken ? nil : try file.read()
    } catch {
      // A saved address that cannot be trusted is not used; a new one replaces it.
      Console.say("\(error.description) Starting with a new token.")
      saved = nil
    }
    let listenPort = port ?? saved?.port ?? 0
    var configuration = InspectorServer.Configuration(
      port: UInt16(listenPort), token: saved?.token)
    let history = file.url.deletingLastPathComponent().appendingPathComponent(
      "inspector-history.jsonl")
    if noHistory {
      // Nothing is kept, so nothing is claimed: what earlier runs kept is deleted here.
      for path in [history.path, history.path + ".1"]
      where forget && unlink(path) != 0 && errno != ENOENT {
        Console.say(
          "yaia inspect: cannot forget \(path): \(String(cString: strerror(errno))); it is kept.")
      }
    } else {
      // Deleted by the server once the history is its alone: never another inspector's.
      configuration.history = history
      configuration.forgetsHistory = forget
    }
    let server = InspectorServer(configuration: configuration)
    let url: URL
    do {
      url = try await server.start()
    } catch {
      let hint =
        port == nil && saved != nil
        ? " (the port saved by the last run: is another yaia inspect running? --port 0 takes a free one)"
        : ""
      FileHandle.standardError.write(Data("yaia inspect: \(error.description)\(hint)\n".utf8))
      throw ExitCode(2)
    }
    if let actual = url.port {
      do {
        try file.write(.init(port: actual, token: server.token))
      } catch {
        Console.say("\(error.description) Apps must be given the URL in YAIA_INSPECTOR.")
      }
    }
    // Watched before the line that says the inspector is ready: a Ctrl-C sent on seeing it
    // counts.
    let interrupts = InterruptWait()
    Console.say("Yaia Inspector at \(url.absoluteString)")
    Console.say(
      "Open it in a browser. Connect the sample app with: swift run yaia demo --inspect (it reads the address saved in \(file.url.path)). Ctrl-C stops."
    )
    // After the address, which scripts and people read as the first line.
    switch await server.historyLoaded {
    case .success(let loaded):
      if loaded.batches > 0 {
        Console.say("Kept from the last runs: \(loaded.batches) batches (\(history.path)).")
      }
      // Said where the user looks, not only on the page: what of the history is not shown.
      if !loaded.resumed.isEmpty {
        Console.say(
          "The history was too long to keep whole for \(loaded.resumed.joined(separator: ", ")): "
            + "their older steps were rotated out (two files of 64 MiB are kept); the page shows "
            + "the newest.")
      }
      if loaded.leftOut > 0 {
        Console.say(
          "\(loaded.leftOut) batches of the history could not be shown (their connection's start "
            + "was rotated out, or too many apps at once).")
      }
    case .failure(let problem):
      Console.say("The history is not kept: \(problem.description).")
    case nil:
      break
    }
    await interrupts.wait()
    await server.stop()
    Console.say("Stopped.")
  }
}

/// `yaia inspect url`: prints the saved page address again, for a page that was reloaded (the
/// page keeps its token only while it is open, so that a program that took the port while the
/// inspector was down cannot read it from a reloaded page).
struct InspectURLCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "url",
    abstract: "Print the inspector's page address (with its token) saved by yaia inspect.",
    discussion: """
      Reads $XDG_STATE_HOME/yaia/inspector.json (else ~/.local/state/yaia/inspector.json). \
      Open the address it prints only while yaia inspect runs: a page opened at an address \
      whose port another program holds runs that program's script.
      """)

  func run() throws {
    let file = InspectorStateFile.standard()
    let found: InspectorStateFile.Saved?
    do {
      found = try file.read()
    } catch {
      throw Console.failure("yaia inspect url: \(error.description)")
    }
    guard let saved = found else {
      throw Console.failure(
        "yaia inspect url: no saved address at \(file.url.path): start yaia inspect")
    }
    do {
      print(try saved.address.page.absoluteString)
    } catch {
      throw Console.failure("yaia inspect url: \(error.description)")
    }
  }
}
