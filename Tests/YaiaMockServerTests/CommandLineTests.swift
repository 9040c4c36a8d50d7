import Foundation
import Synchronization
import Testing
import Yaia
import YaiaTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The lines a child process prints, collected as they come, on the pipe's own queue: no
/// thread of the cooperative pool ever blocks on a read (another test's child may hold the
/// pipe open long after this one ended, and a blocked thread is half of this machine's pool).
final class Lines: Sendable {
  private let text = Mutex("")
  private let ended = Mutex(false)
  private let descriptor: Int32

  init(reading pipe: Pipe) {
    descriptor = pipe.fileHandleForReading.fileDescriptor
    pipe.fileHandleForReading.readabilityHandler = { [self] handle in
      let data = handle.availableData
      guard !data.isEmpty else {
        // The end of the pipe: every writer closed it.
        handle.readabilityHandler = nil
        ended.withLock { $0 = true }
        return
      }
      text.withLock { $0 += String(decoding: data, as: UTF8.self) }
    }
  }

  var all: String { text.withLock { $0 } }

  /// Waits (polling, bounded) until everything the child wrote is read: the end of the pipe,
  /// or, when a child another test forked holds a copy of it open, no byte left unread in it and
  /// nothing new read for two polls. `false` if neither came within `timeout`.
  func waitForEnd(timeout: Duration = .seconds(10)) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    var lastCount = -1
    var quietPolls = 0
    while clock.now < deadline {
      if ended.withLock({ $0 }) { return true }
      var pending: Int32 = 0
      let count = text.withLock { $0.utf8.count }
      if ioctl(descriptor, UInt(FIONREAD), &pending) == 0, pending == 0, count == lastCount {
        quietPolls += 1
        if quietPolls >= 2 { return true }
      } else {
        quietPolls = 0
      }
      lastCount = count
      try? await Task.sleep(for: .milliseconds(50))
    }
    return false
  }

  /// Waits (polling, bounded) until a line contains `needle`; returns that line.
  func waitFor(_ needle: String, timeout: Duration = .seconds(20)) async -> String? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while clock.now < deadline {
      if let line = all.split(separator: "\n").first(where: { $0.contains(needle) }) {
        return String(line)
      }
      try? await Task.sleep(for: .milliseconds(50))
    }
    return nil
  }
}

/// The built `yaia` executable next to the test bundle.
func yaiaExecutable() throws -> URL {
  let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  return try #require(
    ["yaia", "YaiaCLI"].map { directory.appending(path: $0) }
      .first { FileManager.default.fileExists(atPath: $0.path) },
    "the yaia executable is not built next to the tests in \(directory.path)")
}

/// `yaia` (or `executable`) run as a child process, its output collected as it comes, stopped
/// when the test is done with it.
final class ChildCommand {
  let process = Process()
  /// What it prints on standard output.
  let lines: Lines
  /// What it prints on standard error: shown when a wait for a line fails.
  let errors: Lines

  init(_ executable: URL, _ arguments: [String], environment: [String: String]? = nil) throws {
    process.executableURL = executable
    process.arguments = arguments
    if let environment { process.environment = environment }
    let output = Pipe()
    let errorOutput = Pipe()
    process.standardOutput = output
    process.standardError = errorOutput
    lines = Lines(reading: output)
    errors = Lines(reading: errorOutput)
    try process.run()
  }

  /// The first line of its output that contains `needle`, waiting at most `limit` (tens of
  /// seconds: a busy machine starts a child slowly); else the test fails saying what the
  /// child printed on both outputs and whether it still runs.
  func line(containing needle: String, within limit: Duration = .seconds(60)) async throws
    -> String
  {
    if let line = await lines.waitFor(needle, timeout: limit) { return line }
    let state = process.isRunning ? "still running" : "ended with \(process.terminationStatus)"
    Issue.record(
      "no line with \"\(needle)\" within \(limit); the child is \(state). It printed:\n\(lines.all)\nand on standard error:\n\(errors.all)"
    )
    throw ChildWaitFailed()
  }

  deinit { if process.isRunning { process.terminate() } }

  /// The exit status once the process has ended, polling for at most `limit` (never
  /// `waitUntilExit()`: a blocked thread is half of this machine's cooperative pool); `nil` if
  /// it still runs.
  func exitStatus(within limit: Duration = .seconds(20)) async -> Int32? {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: limit)
    while process.isRunning, clock.now < deadline { try? await Task.sleep(for: .milliseconds(20)) }
    return process.isRunning ? nil : process.terminationStatus
  }
}

/// A wait for a child's line that failed (the issue recorded says what the child printed).
struct ChildWaitFailed: Error {}

/// Runs `yaia` with `arguments` to its end (bounded: 60 s, then it is stopped and the test
/// fails) and returns its exit status, what it wrote to standard error, and to standard output.
func runYaia(_ arguments: [String], environment: [String: String]? = nil) async throws -> (
  status: Int32?, errors: String, output: String
) {
  let process = Process()
  process.executableURL = try yaiaExecutable()
  process.arguments = arguments
  if let environment { process.environment = environment }
  let errors = Pipe()
  let errorLines = Lines(reading: errors)
  process.standardError = errors
  let output = Pipe()
  let lines = Lines(reading: output)
  process.standardOutput = output
  try process.run()
  let clock = ContinuousClock()
  let deadline = clock.now.advanced(by: .seconds(60))
  while process.isRunning, clock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
  guard !process.isRunning else {
    process.terminate()
    Issue.record("yaia \(arguments.joined(separator: " ")) did not end within 60 s")
    return (nil, errorLines.all, lines.all)
  }
  // What the child wrote before it ended may still be in the pipes: wait for their ends,
  // bounded (a child another test forked meanwhile may hold a copy of a pipe open).
  _ = await errorLines.waitForEnd()
  _ = await lines.waitForEnd()
  return (process.terminationStatus, errorLines.all, lines.all)
}

/// A fixtures folder holding `manifest` (and `files`), deleted by the caller.
func fixturesFolder(manifest: String, files: [String: String] = [:]) throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appending(
    path: "yaia-cli-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  try Data(manifest.utf8).write(to: folder.appending(path: "manifest.yaml"))
  for (name, text) in files { try Data(text.utf8).write(to: folder.appending(path: name)) }
  return folder
}

@Suite("yaia mock-server, the command")
struct CommandLineTests {
  @Test("a refused argument is echoed escaped: a terminal escape in it never reaches the terminal")
  func refusedArgumentEscaped() async throws {
    let (status, text, _) = try await runYaia(["demo", "--seed", "\u{1B}]0;owned\u{7}\u{1B}[2J12"])
    #expect(status != 0)
    #expect(!text.contains("\u{1B}"), "\(text.debugDescription)")
    #expect(text.contains("\\u{1B}]0;owned\\u{7}"), "\(text.debugDescription)")
  }

  @Test("the built command serves a folder on a free port, logs, reloads, and stops on Ctrl-C")
  func serveReloadStop() async throws {
    let folder = try fixturesFolder(
      manifest:
        "routes:\n  - method: GET\n    path: /latest\n    response: { file: latest.json }\n",
      files: ["latest.json": #"{"base":"USD"}"#])
    defer { try? FileManager.default.removeItem(at: folder) }
    let manifest = folder.appending(path: "manifest.yaml")
    let child = try ChildCommand(
      try yaiaExecutable(), ["mock-server", "--fixtures", folder.path, "--port", "0"])
    let lines = child.lines

    let serving = try await child.line(containing: "Serving")
    let address = try #require(
      serving.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
    let baseURL = try #require(URL(string: String(address)))
    let (data, _) = try await awayFromCooperativePool {
      try await URLSession.shared.data(from: baseURL.appending(path: "latest"))
    }
    #expect(String(decoding: data, as: UTF8.self) == #"{"base":"USD"}"#)
    #expect(await lines.waitFor("GET /latest -> 200") != nil)
    // A path any web page can make a browser request: its escapes are logged, not acted on.
    let hostile = try #require(URL(string: address + "/x%1B%5D0;pwned%07%0DGET%20/forged"))
    _ = try? await awayFromCooperativePool { try await URLSession.shared.data(from: hostile) }
    let logged = await lines.waitFor("/x\\u{1B}]0;pwned\\u{7}\\u{D}GET /forged -> 404")
    #expect(logged != nil, "\(lines.all)")
    #expect(!lines.all.contains("\u{1B}"))

    // A changed manifest is reloaded; a broken one is reported and the old routes stay.
    try await Task.sleep(for: .seconds(1.1))  // a new modification time the watcher can see
    try Data("routes:\n  - method: GET\n    path: /v2\n    response: { status: 204 }\n".utf8).write(
      to: manifest)
    #expect(await lines.waitFor("Reloaded manifest.yaml: 1 routes.") != nil)
    try await Task.sleep(for: .seconds(1.1))
    try Data("routes:\n  - method: GET\n    response: { status: 204 }\n".utf8).write(to: manifest)
    let refused = await lines.waitFor("Not reloaded")
    #expect(refused?.contains("manifest.yaml:2") == true, "\(refused ?? lines.all)")
    // A delay no clock can hold is refused like any other mistake; the server keeps serving.
    try await Task.sleep(for: .seconds(1.1))
    try Data(
      "routes:\n  - path: /v2\n    response: { status: 204, delay: 1e300s }\n".utf8
    ).write(to: manifest)
    let outOfRange = await lines.waitFor("out of range")
    #expect(outOfRange?.contains("manifest.yaml:3") == true, "\(outOfRange ?? lines.all)")
    let (_, still) = try await awayFromCooperativePool {
      try await URLSession.shared.data(from: baseURL.appending(path: "v2"))
    }
    #expect((still as? HTTPURLResponse)?.statusCode == 204)

    kill(child.process.processIdentifier, SIGINT)
    #expect(await child.exitStatus() == 0)
    #expect(await lines.waitFor("Stopped.") != nil)
  }
}

@Suite("yaia mock-server, out of descriptors")
struct DescriptorExhaustionTests {
  @Test("out of descriptors, the server says so, lets idle connections go and keeps serving")
  func keepsServing() async throws {
    let folder = try fixturesFolder(
      manifest: "routes:\n  - path: /a\n    response: { status: 204 }\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    // A child with few descriptors: the test can use them all up with plain connections.
    let child = try ChildCommand(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", "ulimit -n 48 && exec \"$0\" mock-server --fixtures \"$1\" --port 0",
        try yaiaExecutable().path, folder.path,
      ],
      // A crash (a stress run once saw this server end by signal 4, a trap) prints where.
      environment: ProcessInfo.processInfo.environment.merging(
        ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"]
      ) { $1 })
    let lines = child.lines
    let serving = try await child.line(containing: "Serving")
    let port = try #require(
      serving.split(separator: ":").last.flatMap { Int($0.prefix { $0.isNumber }) })

    // Hold 200 silent connections open: far more than the child has descriptors for. Opened
    // on a thread of their own: 200 blocking connects would hold a thread of the cooperative
    // pool, which the child's reader needs.
    let held = try await onThread { () -> [Int32] in
      var sockets: [Int32] = []
      for _ in 0..<200 {
        guard let fd = try? connectTCP(port: port) else { break }
        sockets.append(fd)
      }
      return sockets
    }.value
    defer { for fd in held { close(fd) } }

    // Bounds of tens of seconds: a busy machine is slow, and only a hang should fail here.
    let warning = await lines.waitFor("Out of file descriptors", timeout: .seconds(30))
    #expect(warning?.contains("Too many open files") == true, "\(lines.all)")
    // While they are held, a request still gets its answer: the listener did not die.
    let answer: String
    do {
      answer = try await onThread {
        try rawExchange(port: port, Data("GET /a HTTP/1.1\r\nHost: x\r\n\r\n".utf8), timeout: 30)
      }.value
    } catch {
      // Seen once in a stress run (connection refused): say whether the server was still
      // there and what it printed, so the next failure explains itself.
      // A process that ended says how: its exit status, or the signal that ended it.
      let ended =
        child.process.isRunning
        ? "still running"
        : "ended by \(child.process.terminationReason == .uncaughtSignal ? "signal" : "exit") \(child.process.terminationStatus)"
      Issue.record(
        "no answer while descriptors ran out: \(error); server \(ended); held \(held.count) connections; it printed: \(lines.all)\nand on standard error:\n\(child.errors.all)"
      )
      child.process.terminate()
      return
    }
    #expect(answer.hasPrefix("HTTP/1.1 204"), "\(answer.prefix(80)) \(lines.all)")

    kill(child.process.processIdentifier, SIGINT)
    #expect(await child.exitStatus(within: .seconds(30)) == 0)
  }
}
