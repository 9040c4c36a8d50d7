import Foundation
import Testing
import YaiaStore

/// What a list shown on screen does with the store's changes: the article's `list`.
@MainActor
final class SpeakerList {
  private(set) var changes: [StoreChange<String>] = []

  func apply(_ change: StoreChange<String>) { changes.append(change) }
}

/// The "Storing Values" article's blocks, as written there, with only public API (the value,
/// its mapping and the migrations are in `Fixtures.swift`).
@MainActor
@Suite("The Storing Values article")
struct StoringValuesArticleTests {
  @Test("open, write, read in a transaction")
  func writeAndRead() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "speakers.sqlite").path
    let store = try DataStore.open(at: path, migrations: speakerMigrations)
    let den = YaiaStoreTests.speaker("a1", "Den", room: "kitchen", signal: -60)
    let speaker = den
    let old = den
    var renamed = YaiaStoreTests.speaker("b2", "Loft", room: "kitchen", signal: -40)
    renamed.settings.volume = 3
    try await store.upsert([speaker], as: Speakers.self)
    let kitchen = try await store.fetch(
      Speakers.self, where: .and([.equals("room", "kitchen"), .greaterThan("lastSignal", -70)]),
      orderBy: [.ascending("nickname")], limit: 20)
    try await store.transaction { [renamed] tx in
      try tx.delete(Speakers.self, ids: [old.id])
      try tx.upsert([renamed], as: Speakers.self)
    }
    #expect(kitchen == [speaker])
    #expect(try await store.fetch(Speakers.self, id: "b2") == renamed)
  }

  @Test("several reads from one snapshot")
  func readTogether() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("a"), speaker("b", room: "attic")], as: Speakers.self)
    let (kitchen, total) = try await store.read { reader in
      (
        try reader.fetch(Speakers.self, where: .equals("room", "kitchen")),
        try reader.count(Speakers.self)
      )
    }
    #expect(kitchen.map(\.id) == ["a"])
    #expect(total == 2)
  }

  @Test("following changes")
  func following() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    let list = SpeakerList()
    let follower = Task {
      for await change in store.changes(of: Speakers.self) {
        // change.inserted, change.updated, change.deleted: ids, exactly, per committed transaction
        list.apply(change)
      }
    }
    defer { follower.cancel() }
    // The follower starts listening on its own task: write until it has heard one change
    // (bounded: 30 s on the busiest machine).
    for attempt in 0..<3_000 where list.changes.isEmpty {
      try await store.upsert([speaker("s\(attempt)")], as: Speakers.self)
      try await Task.sleep(for: .milliseconds(10))
    }
    let heard = try #require(list.changes.first)
    #expect(heard.inserted.count == 1)
  }
}
