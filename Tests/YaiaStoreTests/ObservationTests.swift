import Foundation
import Testing
import YaiaStore

@Suite("DataStore: observation and change streams")
struct ObservationTests {
  @Test("a query's results arrive now and after each commit, not after a rollback")
  func observeQuery() async throws {
    struct Interrupted: Error {}
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    var results = store.observe(
      Speakers.self, where: .equals("room", "kitchen"), orderBy: [.ascending("id")]
    ).makeAsyncIterator()
    #expect(await results.next()?.map(\.id) == [])
    try await store.upsert([speaker("a")], as: Speakers.self)
    #expect(await results.next()?.map(\.id) == ["a"])
    await #expect(throws: StoreError.self) {
      try await store.transaction { tx in
        try tx.upsert([speaker("rolled-back")], as: Speakers.self)
        throw Interrupted()
      }
    }
    try await store.upsert([speaker("b")], as: Speakers.self)
    #expect(await results.next()?.map(\.id) == ["a", "b"])  // nothing in between
  }

  @Test("the change stream reports exactly the ids inserted, updated and deleted, per transaction")
  func exactChanges() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    var changes = store.changes(of: Speakers.self).makeAsyncIterator()

    try await store.upsert([speaker("a"), speaker("b")], as: Speakers.self)
    #expect(await changes.next() == StoreChange(inserted: ["a", "b"]))

    var renamed = speaker("a")
    renamed.nickname = "Desk"
    try await store.upsert([renamed, speaker("b"), speaker("c")], as: Speakers.self)  // b unchanged
    #expect(await changes.next() == StoreChange(inserted: ["c"], updated: ["a"]))

    // Identical to what is stored: nothing to report.
    try await store.upsert([speaker("b")], as: Speakers.self)
    try await store.delete(Speakers.self, ids: ["b", "nope"])
    #expect(await changes.next() == StoreChange(deleted: ["b"]))

    try await store.transaction { tx in
      try tx.upsert([speaker("d", room: "office")], as: Speakers.self)
      try tx.delete(Speakers.self, where: .equals("room", "kitchen"))
    }
    #expect(await changes.next() == StoreChange(inserted: ["d"], deleted: ["a", "c"]))
  }

  @Test("nothing is reported for a rolled-back transaction")
  func noChangeOnRollback() async throws {
    struct Interrupted: Error {}
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    var changes = store.changes(of: Speakers.self).makeAsyncIterator()
    await #expect(throws: StoreError.self) {
      try await store.transaction { tx in
        try tx.upsert([speaker("ghost")], as: Speakers.self)
        throw Interrupted()
      }
    }
    await #expect(throws: StoreError.self) {  // a constraint failure rolls back too
      try await store.upsert([speaker("x", "Same"), speaker("y", "Same")], as: Speakers.self)
    }
    try await store.upsert([speaker("real")], as: Speakers.self)
    #expect(await changes.next() == StoreChange(inserted: ["real"]))
  }
}
