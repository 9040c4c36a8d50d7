import Foundation
import Testing
import Yaia

@testable import YaiaInspector
@testable import YaiaInspectorServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("The inspector's history survives its restart")
struct InspectorHistoryTests {
  /// A private folder for one test's files.
  static func folder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "yaia-history-\(UUID().uuidString)")
    try FileManager.default.createDirectory(
      at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    return folder
  }

  static func mode(_ url: URL) -> Int {
    var info = stat()
    return stat(url.path, &info) == 0 ? Int(info.st_mode & 0o777) : -1
  }

  @Test("a restarted inspector shows the last run's steps, its apps ended, from a 0600 file")
  @MainActor
  func restart() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var configuration = InspectorServer.Configuration()
    configuration.history = folder.appending(path: "history.jsonl")
    let first = InspectorServer(configuration: configuration)
    let url = try await first.start()
    let (inspector, shell) = try await watchSignIn(at: url.absoluteString)
    shell.send(.typedName("ada"))
    shell.send(.submit)
    #expect(await inspector.flush(timeout: .seconds(30)))
    await first.stop()
    #expect(Self.mode(try #require(configuration.history)) == 0o600)

    // Back at the same address, as `yaia inspect` comes back at its saved port.
    configuration.token = first.token
    configuration.port = UInt16(try #require(url.port))
    let second = InspectorServer(configuration: configuration)
    let again = try await second.start()
    let loaded = try #require(try await second.historyLoaded?.get())
    #expect(loaded.batches >= 2 && loaded.skipped == 0)
    let port = try #require(again.port)
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let seen = try await records(base, token: first.token)
    let steps = seen.compactMap {
      $0.session == inspector.session && $0.message?.kind == "step" ? $0.message?.index : nil
    }
    #expect(steps == [1, 2], "the last run's steps: \(steps)")
    #expect(
      seen.contains { $0.session == inspector.session && $0.kind == "app" && $0.status == "ended" },
      "its app is not ended")
    // The app went on running: its next batch is told to connect again (the inspector was
    // restarted), and it does, under its next connection; what it sends then goes on in the same
    // session, one run on the page.
    shell.send(.typedName("ada l"))
    var heard = false
    let deadline = ContinuousClock.now + .seconds(30)
    while !heard, ContinuousClock.now < deadline {
      shell.send(.typedName("ada lovelace"))
      _ = await inspector.flush(timeout: .seconds(30))
      heard = try await records(base, token: first.token).contains {
        $0.session == inspector.session && $0.message?.kind == "step"
          && ($0.message?.index ?? 0) > 2
      }
      if !heard { try await Task.sleep(for: .milliseconds(50)) }
    }
    #expect(heard, "the restarted inspector never heard the app again: \(inspector.problem ?? "")")
    #expect(inspector.isConnected)
    await inspector.disconnect()
    await second.stop()
  }

  @Test(
    "a connection whose first batches were rotated out still shows after a restart, from the checkpoint, and says so"
  )
  @MainActor
  func rotatedOut() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    var configuration = InspectorServer.Configuration()
    configuration.history = folder.appending(path: "history.jsonl")
    configuration.historyLimit = 4_096  // the least: a few dozen batches a file
    let first = InspectorServer(configuration: configuration)
    let url = try await first.start()
    let (inspector, shell) = try await watchSignIn(at: url.absoluteString)
    for round in 1...80 {
      shell.send(.typedName("ada \(round)"))
      #expect(await inspector.flush(timeout: .seconds(30)))
    }
    await inspector.disconnect()
    await first.stop()
    // Both files hold less than the whole session: its first batches are gone.
    let kept = try InspectorHistory(url: try #require(configuration.history)).load().batches
    #expect(
      !kept.contains { $0.session == inspector.session && $0.sequence == 1 && !$0.isCheckpoint })
    #expect(kept.contains { $0.isCheckpoint && $0.session == inspector.session })

    configuration.token = first.token
    let second = InspectorServer(configuration: configuration)
    let again = try await second.start()
    let loaded = try #require(try await second.historyLoaded?.get())
    #expect(loaded.resumed == ["Sign-in demo"], "\(loaded)")
    #expect(loaded.leftOut == 0)
    let port = try #require(again.port)
    let base = try #require(URL(string: "http://127.0.0.1:\(port)"))
    let seen = try await records(base, token: first.token)
    let steps = seen.compactMap {
      $0.session == inspector.session && $0.message?.kind == "step" ? $0.message?.index : nil
    }
    #expect(steps.last == 80, "the newest steps show: \(steps)")
    #expect((steps.first ?? 1) > 1, "the oldest were rotated out: \(steps)")
    #expect(seen.contains { $0.text?.contains("kept only the newest part") == true })
    // The newest step's view model is the app's, rebuilt from the checkpoint on.
    let key = "\(inspector.session):1"
    let (status, body) = try await request(
      base, "/api/step", query: ["token": first.token, "shell": key, "index": "80"])
    #expect(status == 200)
    #expect(String(decoding: body, as: UTF8.self).contains("ada 80"))
    await second.stop()
  }

  @Test(
    "two inspectors never share a history: the second keeps none, deletes none, and says why"
  )
  func oneInspectorPerHistory() async throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "history.jsonl")
    let kept = InspectorBatch(app: "Shop", session: "s1", sequence: 1, messages: [])
    try Data(kept.wireBytes() + [0x0A]).write(to: file)
    chmod(file.path, 0o600)
    var configuration = InspectorServer.Configuration()
    configuration.history = file
    let first = InspectorServer(configuration: configuration)
    _ = try await first.start()
    #expect((try? await first.historyLoaded?.get())?.batches == 1)
    // A second one, told to forget what earlier runs kept: the first one's file is not its own.
    configuration.forgetsHistory = true
    let second = InspectorServer(configuration: configuration)
    _ = try await second.start()
    let refused = await second.historyLoaded
    guard case .failure(let problem)? = refused else {
      Issue.record("a second inspector took a history already kept: \(String(describing: refused))")
      return
    }
    #expect(problem.description.contains("another yaia inspect keeps the history"), "\(problem)")
    #expect(problem.description.contains("--no-history"), "\(problem)")
    #expect(FileManager.default.fileExists(atPath: file.path), "deleted under a running inspector")
    await second.stop()
    await first.stop()
    // Free once the first stopped: the third claims it, and forgets it as asked.
    let third = InspectorServer(configuration: configuration)
    _ = try await third.start()
    #expect((try? await third.historyLoaded?.get())?.batches == 0, "forgotten")
    #expect(!FileManager.default.fileExists(atPath: file.path))
    await third.stop()
  }

  @Test("past its limit the file is rotated: two files at most, both read back in order")
  func rotation() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let history = InspectorHistory(url: folder.appending(path: "h.jsonl"), limit: 4_096)
    var sent: [InspectorBatch] = []
    for sequence in 1...200 {
      let batch = InspectorBatch(
        app: "Shop", session: "s1", sequence: sequence,
        messages: [.dropped(count: sequence)])
      sent.append(batch)
      // A body with line breaks between its tokens stays one line.
      var body = batch.wireBytes()
      body.insert(0x0A, at: 1)
      #expect(history.append(body) == nil)
    }
    history.close()
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: history.url.path)[.size] as? Int)
    #expect(size <= 4_096)
    #expect(FileManager.default.fileExists(atPath: history.previous.path))
    let (read, skipped) = try history.load()
    #expect(skipped == 0)
    #expect(!read.isEmpty && read.count < sent.count, "older batches were let go")
    #expect(read == Array(sent.suffix(read.count)), "the newest batches, in order")
  }

  @Test(
    "a history another user could read, a link, or lines that are not batches are refused or skipped"
  )
  func refusals() throws {
    let folder = try Self.folder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "h.jsonl")
    let good = InspectorBatch(app: "Shop", session: "s1", sequence: 1, messages: [])
    var text = Data("not a batch\n".utf8)
    text.append(Data(good.wireBytes()))
    text.append(Data("\n{\"kind\":\n".utf8))
    try text.write(to: file)
    chmod(file.path, 0o600)
    let (batches, skipped) = try InspectorHistory(url: file).load()
    #expect(batches == [good] && skipped == 2)

    chmod(file.path, 0o644)
    #expect {
      _ = try InspectorHistory(url: file).load()
    } throws: { error in
      String(describing: error).contains("may be read by other users (mode 644)")
    }
    #expect(
      InspectorHistory(url: file).append(good.wireBytes())?.description.contains("644") == true)

    let elsewhere = folder.appending(path: "elsewhere.jsonl")
    try Data().write(to: elsewhere)
    let link = folder.appending(path: "link.jsonl")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: elsewhere)
    #expect(throws: InspectorHistory.Problem.self) { _ = try InspectorHistory(url: link).load() }
    #expect(InspectorHistory(url: link).append(good.wireBytes()) != nil)
    #expect(try Data(contentsOf: elsewhere).isEmpty, "written through a link")
  }
}
