import Foundation
import Testing
import Yaia
import YaiaStore

/// A note as a notes app keeps it: its id made in `handle` by an `IDSequence`.
private struct Note: Codable, Equatable, Sendable {
  var id: GeneratedID
  var text: String
}

/// The mapping as the ids article once suggested: `id(of:)` returns the id as a `UUID`.
private enum NotesByUUID: StoreMapping {
  static let table = "notes"
  static func id(of note: Note) -> UUID { UUID(uuid: note.id.uuid) }
}

/// The same table, keyed by the `GeneratedID` itself.
private enum Notes: StoreMapping {
  static let table = "notes"
  static func id(of note: Note) -> GeneratedID { note.id }
}

/// A speaker whose mapping returns a different form of its id than the field holds.
private struct Tagged: Codable, Equatable, Sendable {
  var id: String
  var name: String
}

private enum TaggedByPrefix: StoreMapping {
  static let table = "tagged"
  static func id(of value: Tagged) -> String { "speaker-" + value.id }
}

private let migrations = [
  StoreMigration(1, "create notes") { schema in
    try schema.createTable("notes", columns: [.blob("id", primaryKey: true), .text("text")])
    try schema.createTable("tagged", columns: [.text("id", primaryKey: true), .text("name")])
  }
]

@Suite("GeneratedID in the store: ids that round-trip, and ids that do not refused")
struct GeneratedIDStoreTests {
  @Test("a note keyed by its UUID is fetched and deleted, after a restart too")
  func notesAppShape() async throws {
    let folder = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appending(path: "notes.sqlite").path
    var ids = IDSequence(namespace: 0x0123_4567_89AB_0CDE)
    let first = Note(id: ids.next(), text: "first")
    let second = Note(id: ids.next(), text: "second")
    do {
      let store = try DataStore.open(at: path, migrations: migrations)
      try await store.upsert([first, second], as: NotesByUUID.self)
    }
    let store = try DataStore.open(at: path, migrations: migrations)
    #expect(try await store.fetch(NotesByUUID.self, id: UUID(uuid: first.id.uuid)) == first)
    #expect(try await store.fetch(Notes.self, id: second.id) == second, "either form finds it")
    try await store.delete([first], as: NotesByUUID.self)
    #expect(try await store.count(NotesByUUID.self) == 1, "the delete found its row")
    try await store.delete(Notes.self, ids: [second.id])
    #expect(try await store.count(Notes.self) == 0)
  }

  @Test("an id(of:) that is not the primary key it encoded is a typed error naming both")
  func mismatchRefused() async throws {
    let store = try DataStore.inMemory(migrations: migrations)
    let error = await #expect(throws: StoreError.self) {
      try await store.upsert([Tagged(id: "kitchen", name: "Kitchen")], as: TaggedByPrefix.self)
    }
    #expect(
      error
        == .idMismatch(
          table: "tagged", primaryKey: "id", encoded: .text("kitchen"),
          idOf: .text("speaker-kitchen")))
    let text = error?.description ?? ""
    #expect(text.contains(#"the text "kitchen""#), "\(text)")
    #expect(text.contains(#"the text "speaker-kitchen""#), "\(text)")
    #expect(try await store.count(TaggedByPrefix.self) == 0, "nothing was written")
  }

  @Test("an id reads from its UUID text in either case, and is stored as 16 bytes in any column")
  func textIDsRead() async throws {
    let store = try DataStore.inMemory(migrations: [
      StoreMigration(1, "create") { schema in
        try schema.createTable("notes", columns: [.text("id", primaryKey: true), .text("text")])
      }
    ])
    let id = GeneratedID(namespace: 5, number: 3)
    #expect(GeneratedID(storeValue: .text(id.uuidString.lowercased())) == id)
    #expect(GeneratedID(storeValue: .text("not an id")) == nil)
    #expect(GeneratedID(storeValue: .integer(3)) == nil)
    try await store.upsert([Note(id: id, text: "kept")], as: Notes.self)
    #expect(try await store.fetch(Notes.self, id: id)?.text == "kept")
  }
}
