import Foundation
import Testing
import Yaia

@testable import YaiaCLI

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("A server's log never waits for its reader")
struct LogBacklogTests {
  @Test("lines past the backlog's bounds are dropped and counted, and the count comes first")
  func bounded() {
    var backlog = LogBacklog()
    for index in 0..<(LogBacklog.mostLines + 5) { _ = backlog.add("line \(index)") }
    #expect(backlog.dropped == 5)
    let taken = backlog.take()
    #expect(taken.count == LogBacklog.mostLines + 1)
    #expect(taken.first == "(5 log lines were dropped: nobody read the output)")
    #expect(taken[1] == "line 0")
    #expect(backlog.isEmpty)
    #expect(backlog.take() == [])
    // Bytes bound it too: one line of nearly all of them, then nothing more fits.
    let big = backlog.add(String(repeating: "x", count: LogBacklog.mostBytes - 1))
    let small = backlog.add("y")
    #expect(big && !small)
    #expect(backlog.take().first == "(1 log line was dropped: nobody read the output)")
  }

  @Test("a writer that blocks holds only its own thread: logging returns at once")
  func writerBlocks() async throws {
    let release = DispatchSemaphore(value: 0)
    let written = Locked<[String]>([])
    let writer = LogWriter { line in
      // A reader that never reads, until released.
      release.wait()  // blocks: the LogWriter's own thread, not the pool
      written.withLock { $0.append(line) }
    }
    for index in 0..<(LogBacklog.mostLines * 2) { writer.log("line \(index)") }
    // Every call returned with the writer stuck: the log did not wait for it.
    for _ in 0..<(LogBacklog.mostLines * 3) { release.signal() }
    writer.flush(within: 30)
    let lines = written.value
    // Every line is written or counted as dropped; no more than two backlogs were held.
    let notices = lines.filter { $0.hasPrefix("(") }
    let dropped = notices.compactMap { Int($0.dropFirst().prefix { $0.isNumber }) }.reduce(0, +)
    #expect(!notices.isEmpty)
    #expect(lines.count - notices.count + dropped == LogBacklog.mostLines * 2)
    #expect(lines.count <= LogBacklog.mostLines * 2 + 1)
  }

  @Test("the built command keeps answering when nobody reads its standard output")
  func nobodyReads() async throws {
    let folder = try fixturesFolder(
      manifest: "routes:\n  - path: /a/*\n    response: { status: 204 }\n")
    defer { try? FileManager.default.removeItem(at: folder) }
    let process = Process()
    process.executableURL = try yaiaExecutable()
    process.arguments = ["mock-server", "--fixtures", folder.path, "--port", "0"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer { process.terminate() }
    // Read up to the line that names the address, then never again.
    let serving = await awayFromCooperativePool {
      var text = ""
      while !text.contains("Ctrl-C stops.") {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
      }
      return text
    }
    let address = try #require(
      serving.split(separator: " ").first { $0.hasPrefix("http://127.0.0.1:") })
    // Lines of about 240 bytes: 3,000 of them are ten times what a pipe holds.
    let long = String(repeating: "p", count: 200)
    let url = try #require(URL(string: "\(address)/a/\(long)"))
    var answered = 0
    for _ in 0..<3_000 {
      var request = URLRequest(url: url)
      request.timeoutInterval = 30
      let status = try? await awayFromCooperativePool {
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as? HTTPURLResponse)?.statusCode
      }
      guard status == 204 else { break }
      answered += 1
    }
    #expect(answered == 3_000)
  }
}
