import Foundation
import Testing
import Yaia
import YaiaStore

@MainActor
@Suite("A shared value in a store row")
struct SharedRowTests {
  @Test("a whole row: the value set in one launch is the value at the next; no row, the default")
  func wholeRow() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "db.sqlite").path
    let store = try DataStore.open(at: path, migrations: speakerMigrations)
    let first = try await Shared.load(
      from: SharedRow.value(Speakers.self, id: "a", in: store), default: speaker("a"))
    #expect(first.value == speaker("a"))
    #expect(try await store.fetch(Speakers.self, id: "a") == nil, "loading writes nothing")
    for volume in 1...50 { first.update { $0.settings.volume = volume } }
    await first.saved()
    #expect(try await store.fetch(Speakers.self, id: "a")?.settings.volume == 50)
    let reopened = try DataStore.open(at: path, migrations: speakerMigrations)
    let next = try await Shared.load(
      from: SharedRow.value(Speakers.self, id: "a", in: reopened), default: speaker("a"))
    #expect(next.value.settings.volume == 50)
  }

  @Test("a value with another id is not written to another row: a typed error, kept in memory")
  func idChanged() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    let shared = try await Shared.load(
      from: SharedRow.value(Speakers.self, id: "a", in: store), default: speaker("a"))
    shared.set(speaker("b"))
    await shared.saved()
    #expect(shared.value == speaker("b"))
    #expect(try await store.fetch(Speakers.self, id: "b") == nil)
    let error = try #require(shared.lastSaveError)
    #expect(
      error.underlying as? SharedRowError
        == .idChanged(table: "speakers", expected: "a", found: "b"))
    #expect(error.description.contains("nothing was written"))
  }

  @Test("a field: writes change only that field, in one transaction; a missing row is made")
  func field() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    let nickname = try await Shared.load(
      from: SharedRow.field(\.nickname, of: Speakers.self, id: "a", in: store) { speaker("a") },
      default: "Unnamed")
    #expect(nickname.value == "Unnamed", "no row yet: the default")
    nickname.set("Den")
    await nickname.saved()
    #expect(try await store.fetch(Speakers.self, id: "a")?.nickname == "Den")
    // Another part of the app changes another field of the same row meanwhile.
    var moved = try #require(try await store.fetch(Speakers.self, id: "a"))
    moved.room = "attic"
    try await store.upsert([moved], as: Speakers.self)
    nickname.set("Loft")
    await nickname.saved()
    let row = try #require(try await store.fetch(Speakers.self, id: "a"))
    #expect(row.nickname == "Loft")
    #expect(row.room == "attic", "the field's write kept the other change")
    let reloaded = try await Shared.load(
      from: SharedRow.field(\.nickname, of: Speakers.self, id: "a", in: store) { speaker("a") },
      default: "Unnamed")
    #expect(reloaded.value == "Loft")
  }

  @Test("a store that refuses the write: the save error names the row, the value stays in memory")
  func refusedWrite() async throws {
    let store = try DataStore.inMemory(migrations: speakerMigrations)
    try await store.upsert([speaker("b", "Taken")], as: Speakers.self)
    let nickname = try await Shared.load(
      from: SharedRow.field(\.nickname, of: Speakers.self, id: "a", in: store) { speaker("a") },
      default: "Unnamed")
    // Nicknames are unique in this table: the write is refused by the store.
    nickname.set("Taken")
    await nickname.saved()
    #expect(nickname.value == "Taken")
    let error = try #require(nickname.lastSaveError)
    #expect(error.location.contains("row a of table speakers"), "\(error)")
    #expect(try await store.fetch(Speakers.self, id: "a") == nil)
  }
}
