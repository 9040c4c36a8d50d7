import Foundation
import Testing
import YaiaStore

/// Opens the app's store in `folder`, running the migrations it has not run yet.
func openSpeakerStore(in folder: URL) throws -> DataStore {
  let path = folder.appending(path: "speakers.sqlite").path
  return try DataStore.open(at: path, migrations: speakerMigrations)
}

/// Stores `speaker`, finds the kitchen's speakers with a good signal, and replaces `old` by
/// `renamed` in one transaction: both or neither.
func storeAndReplace(
  _ speaker: Speaker, old: Speaker, renamed: Speaker, in store: DataStore
) async throws -> [Speaker] {
  try await store.upsert([speaker], as: Speakers.self)
  let kitchen = try await store.fetch(
    Speakers.self, where: .and([.equals("room", "kitchen"), .greaterThan("lastSignal", -70)]),
    orderBy: [.ascending("nickname")], limit: 20)
  try await store.transaction { tx in
    try tx.delete(Speakers.self, ids: [old.id])
    try tx.upsert([renamed], as: Speakers.self)
  }
  return kitchen
}

/// The kitchen's speakers and the count of all, read from one snapshot.
func kitchenAndTotal(in store: DataStore) async throws -> ([Speaker], Int) {
  let (kitchen, total) = try await store.read { reader in
    (
      try reader.fetch(Speakers.self, where: .equals("room", "kitchen")),
      try reader.count(Speakers.self)
    )
  }
  return (kitchen, total)
}

/// What a list shown on screen does with the store's changes.
@MainActor
final class SpeakerList {
  private(set) var changes: [StoreChange<String>] = []

  func apply(_ change: StoreChange<String>) { changes.append(change) }
}

/// Follows the store's speakers for as long as the calling task runs.
@MainActor
func follow(_ store: DataStore, into list: SpeakerList) async {
  for await change in store.changes(of: Speakers.self) {
    // change.inserted, change.updated, change.deleted: ids, exactly, per committed transaction
    list.apply(change)
  }
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
    let store = try openSpeakerStore(in: folder)
    let den = YaiaStoreTests.speaker("a1", "Den", room: "kitchen", signal: -60)
    var renamed = YaiaStoreTests.speaker("b2", "Loft", room: "kitchen", signal: -40)
    renamed.settings.volume = 3
    let kitchen = try await storeAndReplace(den, old: den, renamed: renamed, in: store)
    #expect(kitchen == [den])
    #expect(try await store.fetch(Speakers.self, id: "b2") == renamed)
    #expect(try await store.fetch(Speakers.self, id: "a1") == nil)
  }

  @Test("several reads from one snapshot")
  func readTogether() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("a"), speaker("b", room: "attic")], as: Speakers.self)
    let (kitchen, total) = try await kitchenAndTotal(in: store)
    #expect(kitchen.map(\.id) == ["a"])
    #expect(total == 2)
  }

  @Test("following changes")
  func following() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    let list = SpeakerList()
    let follower = Task { await follow(store, into: list) }
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
