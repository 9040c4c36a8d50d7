import Foundation
import Testing
import Yaia
import YaiaTesting

/// The notes app of a trial, as its author wrote it from the docs: the notes are stored, the id
/// sequence is not, and the state is rebuilt from the stored notes at launch.
private struct StoredNotes: ShellState, Equatable {
  struct Note: Equatable, Codable { var id: GeneratedID, text: String }
  enum Event: Equatable, Sendable {
    case add(String)
    case delete(GeneratedID)
  }
  var ids = IDSequence()
  var notes: [Note] = []
  var viewModel: [String] { notes.map(\.text) }

  init(notes: [Note] = []) { self.notes = notes }

  mutating func handle(_ event: Event) -> [Never] {
    switch event {
    case .add(let text): notes.append(Note(id: ids.next(), text: text))
    case .delete(let id): notes.removeAll { $0.id == id }
    }
    return []
  }
}

/// The same app keeping its whole state, sequence included.
private struct KeptNotes: ShellState, Equatable, Codable {
  var ids = IDSequence()
  var notes: [GeneratedID] = []
  var viewModel: Int { notes.count }
  mutating func handle(_ event: Bool) -> [Never] {
    notes.append(ids.next())
    return []
  }
}

@Suite("Ids never repeat after a restart, however the state is kept")
struct IDsAcrossRestartsTests {
  @Test("notes kept, sequence rebuilt: after a restart, deleting one note deletes one")
  func rebuiltAfterRestart() throws {
    let first = Given(StoredNotes()).when(.add("milk"), .add("eggs")).then(viewModel: [
      "milk", "eggs",
    ])
    let stored = try JSONEncoder().encode(first.notes)
    // The restart: a new launch rebuilds the state from what was stored.
    let relaunched = try withLaunch(2) {
      StoredNotes(notes: try JSONDecoder().decode([StoredNotes.Note].self, from: stored))
    }
    let added = Given(relaunched).when(.add("bread")).then(viewModel: ["milk", "eggs", "bread"])
    let ids = added.notes.map(\.id)
    #expect(Set(ids).count == 3, "an id of the earlier launch was issued again: \(ids)")
    Given(added).when(.delete(ids[0])).then(viewModel: ["eggs", "bread"])
  }

  @Test("the same app in one launch without a restart still sees #1, #2 (test ids stay fixed)")
  func testIDsStayFixed() {
    let state = Given(StoredNotes()).when(.add("a"), .add("b")).then(viewModel: ["a", "b"])
    #expect(state.notes.map(\.id.description) == ["#1", "#2"])
    #expect(withLaunch(1) { IDSequence() } == IDSequence(namespace: 0))
    #expect(withLaunch(3) { IDSequence() } == withLaunch(3) { IDSequence() })
    #expect(withLaunch(2) { IDSequence() }.namespace != withLaunch(3) { IDSequence() }.namespace)
  }

  @Test("a sequence kept with the state goes on after the last id it issued")
  func keptSequenceContinues() throws {
    let before = Given(KeptNotes()).when(true, true).then(viewModel: 2)
    let data = try JSONEncoder().encode(before)
    let restored = try withLaunch(2) { try JSONDecoder().decode(KeptNotes.self, from: data) }
    let after = Given(restored).when(true).then(viewModel: 3)
    #expect(after.notes.map(\.number) == [1, 2, 3])
    #expect(Set(after.notes).count == 3)
  }
}
