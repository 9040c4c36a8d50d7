import Foundation
import GRDB
import Testing
import YaiaStore
import YaiaTesting

@testable import YaiaStoreWriter

/// The speaker of version 2, with the column migration 2 adds.
struct SpeakerV2: Codable, Equatable, Sendable {
  var id: String
  var nickname: String
  var room: String
  var pairedAt: Date
  var lastSignal: Int?
  var settings: Settings
  var firmware: String?
}

enum SpeakersV2: StoreMapping {
  static let table = "speakers"
  static func id(of speaker: SpeakerV2) -> String { speaker.id }
}

let migrationsV2 =
  speakerMigrations + [
    StoreMigration(2, "add firmware") { schema in
      try schema.addColumn(.text("firmware"), to: "speakers")
    }
  ]

@Suite("DataStore: files, migrations, durability, concurrency")
struct FileTests {
  @Test("migrating from version 1 to 2 keeps every row")
  func migrationKeepsRows() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    do {
      let v1 = try DataStore.open(at: path, migrations: speakerMigrations)
      try await v1.upsert((1...50).map { speaker("s\($0)") }, as: Speakers.self)
      #expect(try await v1.schemaVersion() == 1)
    }
    let v2 = try DataStore.open(at: path, migrations: migrationsV2)
    #expect(try await v2.schemaVersion() == 2)
    let rows = try await v2.fetch(SpeakersV2.self, orderBy: [.ascending("id")])
    #expect(rows.count == 50)
    #expect(rows.allSatisfy { $0.firmware == nil && $0.settings.volume == 7 })
    var updated = rows[0]
    updated.firmware = "2.1"
    try await v2.upsert([updated], as: SpeakersV2.self)
    #expect(try await v2.fetch(SpeakersV2.self, id: updated.id)?.firmware == "2.1")
  }

  @Test("a file written by a newer schema is refused and left untouched")
  func schemaTooNew() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    do {
      let v2 = try DataStore.open(at: path, migrations: migrationsV2)
      try await v2.upsert(
        [
          SpeakerV2(
            id: "a", nickname: "A", room: "r", pairedAt: Date(timeIntervalSince1970: 0),
            lastSignal: nil, settings: Settings(volume: 1, equalizer: [:]), firmware: "9")
        ], as: SpeakersV2.self)
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(throws: StoreError.schemaTooNew(path: path, found: 2, supported: 1)) {
      try DataStore.open(at: path, migrations: speakerMigrations)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test("a file that is not a database gives a StoreError and is not overwritten")
  func notADatabase() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appending(path: "notes.sqlite")
    let content = Data(String(repeating: "These are my notes, not a database.\n", count: 200).utf8)
    try content.write(to: url)
    let error = #expect(throws: StoreError.self) {
      try DataStore.open(at: url.path, migrations: speakerMigrations)
    }
    guard case .notADatabase(url.path, let sqlite) = error else {
      Issue.record("expected notADatabase, got \(String(describing: error))")
      return
    }
    #expect(sqlite.resultCode == 26)  // SQLITE_NOTADB
    #expect(try Data(contentsOf: url) == content)
    #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
  }

  @Test(
    "a FIFO or a folder at the path is refused before SQLite opens it; nothing is made beside it")
  func notAFile() throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appending(path: "data.sqlite")
    #expect(mkfifo(fifo.path, 0o600) == 0)
    // Before: SQLite waited on the FIFO forever.
    #expect(throws: StoreError.notAFile(path: fifo.path, kind: "a FIFO")) {
      try DataStore.open(at: fifo.path, migrations: speakerMigrations)
    }
    #expect(!FileManager.default.fileExists(atPath: fifo.path + "-wal"))
    let inner = folder.appending(path: "inner")
    try FileManager.default.createDirectory(at: inner, withIntermediateDirectories: false)
    #expect(throws: StoreError.notAFile(path: inner.path, kind: "a folder")) {
      try DataStore.open(at: inner.path, migrations: speakerMigrations)
    }
    #expect(
      StoreError.notAFile(path: "/x", kind: "a FIFO").description
        == "/x is a FIFO, not a database file; it was left untouched. Choose a path to a regular file."
    )
  }

  @Test("migrations out of order are refused before anything is opened")
  func invalidMigrations() {
    let backwards = [StoreMigration(2, "two") { _ in }, StoreMigration(1, "one") { _ in }]
    #expect(throws: StoreError.self) { try DataStore.inMemory(migrations: backwards) }
  }

  @Test("a failing migration leaves the previous version")
  func failingMigration() async throws {
    struct Broken: Error {}
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    _ = try DataStore.open(at: path, migrations: speakerMigrations)
    let broken =
      speakerMigrations + [
        StoreMigration(2, "half done") { schema in
          try schema.addColumn(.text("firmware"), to: "speakers")
          throw Broken()
        }
      ]
    let error = #expect(throws: StoreError.self) {
      try DataStore.open(at: path, migrations: broken)
    }
    guard case .migrationFailed(2, "half done", _) = error else {
      Issue.record("expected migrationFailed, got \(String(describing: error))")
      return
    }
    let store = try DataStore.open(at: path, migrations: speakerMigrations)
    #expect(try await store.schemaVersion() == 1)
    await #expect(throws: StoreError.self) {
      try await store.fetch(Speakers.self, where: .equals("firmware", nil))
    }
  }

  @Test("readers proceed while a write is in progress (WAL)")
  func readersDuringWrite() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let store = try DataStore.open(
      at: folder.appending(path: "db.sqlite").path, migrations: speakerMigrations)
    try await store.upsert([speaker("a")], as: Speakers.self)
    let writing = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    // Let the holding write go however the test ends: a failed expectation that returned early
    // left GRDB's writer thread blocked for the rest of the run.
    defer { release.signal() }
    let writer = Task {
      try await store.transaction { tx in
        try tx.upsert([speaker("b")], as: Speakers.self)
        writing.signal()
        release.wait()  // hold the write open; blocks: GRDB's writer queue, not the pool
      }
    }
    // On a thread of its own: a detached task blocked on the semaphore would hold one of the
    // cooperative pool's two threads, and the write it waits for may need the other.
    let started = try await value(of: onThread { writing.wait(timeout: .now() + 30) })
    try #require(started == .success, "the write never started")
    #expect(try await store.count(Speakers.self) == 1)  // read while the write is open
    release.signal()
    try await value(of: writer, timeout: .seconds(30))
    #expect(try await store.count(Speakers.self) == 2)
  }

  @Test("a write blocked by another connection past the busy timeout is a busy error")
  func busy() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    let first = try DataStore.open(at: path, migrations: speakerMigrations)
    let second = try DataStore.open(
      at: path, migrations: speakerMigrations, busyTimeout: .milliseconds(200))
    let writing = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    // Let the holding write go however the test ends: a failed expectation that returned early
    // left GRDB's writer thread blocked for the rest of the run.
    defer { release.signal() }
    let holder = Task {
      try await first.transaction { tx in
        try tx.upsert([speaker("a")], as: Speakers.self)
        writing.signal()
        release.wait()  // blocks: GRDB's writer queue, not the pool
      }
    }
    let started = try await value(of: onThread { writing.wait(timeout: .now() + 30) })
    try #require(started == .success, "the holding write never started")
    let error = await #expect(throws: StoreError.self) {
      try await second.upsert([speaker("b")], as: Speakers.self)
    }
    guard case .busy(path, let sqlite) = error else {
      Issue.record("expected busy, got \(String(describing: error))")
      return
    }
    #expect(sqlite.resultCode == 5)  // SQLITE_BUSY
    #expect(sqlite.sql == "BEGIN IMMEDIATE TRANSACTION", "\(sqlite)")  // the write never began
    release.signal()
    try await value(of: holder, timeout: .seconds(30))
  }

  @Test("a writer process killed mid-batch loses no committed data and leaves no partial batch")
  func killedWriter() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    let helper = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appending(path: "YaiaStoreWriter")
    let process = Process()
    process.executableURL =
      FileManager.default.fileExists(atPath: helper.path)
      ? helper : helper.deletingLastPathComponent().appending(path: "yaia-store-writer")
    process.arguments = [path]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let reader = output.fileHandleForReading
    // A helper that stalls without ending would block the read below forever: after 30 s it is
    // killed, which ends the pipe and the read.
    let helperID = process.processIdentifier
    let watchdog = Task.detached {
      guard (try? await Task.sleep(for: .seconds(30))) != nil else { return }
      kill(helperID, SIGKILL)
    }
    defer { watchdog.cancel() }
    // Blocking reads on a thread of its own: `Task.detached` would still hold one of the
    // cooperative pool's threads (two on this machine) that other tests need meanwhile.
    let seen = await withCheckedContinuation { continuation in
      Thread {
        var text = ""
        while !text.contains("writing\n") {
          let chunk = reader.availableData
          if chunk.isEmpty { break }  // the helper ended early
          text += String(decoding: chunk, as: UTF8.self)
        }
        continuation.resume(returning: text)
      }.start()
    }
    #expect(seen == "committed\nwriting\n")
    kill(process.processIdentifier, SIGKILL)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    let store = try DataStore.open(at: path, migrations: rowMigrations)
    #expect(try await store.count(Rows.self) == 100)
    #expect(try await store.count(Rows.self, where: .like("id", "p-%")) == 0)
    let pool = try DatabasePool(path: path)
    #expect(try await pool.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") } == "ok")
  }
}
