import Yaia
import YaiaResources

/// Home's speaker list: the paired speakers, as the store's change stream delivers them, with
/// rename and delete. The list is whatever the store says; renaming and deleting ask the shell
/// to write, and the change comes back through the stream like any other.
struct SpeakerListState: ShellState {
  /// What can happen to the list.
  enum Event: Codable, Equatable, Sendable {
    /// The store's speakers, all of them (at start).
    case loaded([PairedSpeaker])
    /// The store's exact change: the speakers saved (new or changed), as stored now, and the
    /// addresses of those deleted. Only these rows were read again.
    case changed(saved: [PairedSpeaker], deleted: [String])
    /// Select the speaker with this nickname or address (a deep link).
    case select(String)
    /// Move the selection up (-1) or down (+1).
    case moveSelection(by: Int)
    /// Start renaming the selected speaker.
    case rename
    /// Ask to delete the selected speaker.
    case delete
    /// Answer the delete question.
    case confirmDelete(Bool)
    /// Text typed into the new nickname.
    case typed(String)
    /// Backspace in the new nickname.
    case deleteBackward
    /// Save the new nickname.
    case submit
    /// Stop renaming, or stop asking.
    case cancel
    /// Pair another speaker.
    case pairNew
    /// A write failed; the message says why.
    case writeFailed(LocalizedText)
  }

  /// What the home screen asks of its shell and its parent.
  enum Command: Equatable, Sendable {
    /// Rename the speaker at `address`.
    case rename(address: String, nickname: String)
    /// Forget the speaker at `address`.
    case delete(address: String)
    /// Show the pairing screen.
    case pairNew
  }

  /// What the home screen shows.
  struct ViewModel: Equatable, Sendable {
    /// A paired speaker.
    struct Row: Equatable, Sendable, Identifiable {
      /// Its address.
      var id: String
      /// Its nickname.
      var nickname: String
      /// Its model.
      var model: String
      /// Whether it is selected.
      var isSelected: Bool
      /// How it changed in the last update.
      var mark: RowMark?
    }

    /// What the user is doing.
    enum Mode: Equatable, Sendable {
      /// Looking at the list.
      case browsing
      /// Typing a new nickname for `model`.
      case renaming(model: String, nickname: String)
      /// Asked whether to delete `nickname`.
      case confirmingDelete(nickname: String)
    }

    /// The paired speakers, by nickname.
    var rows: [Row]
    /// The last update's changes, summed up.
    var changes: LocalizedText?
    /// What the user is doing.
    var mode: Mode
    /// A problem to show.
    var message: LocalizedText?
  }

  private enum Mode: Equatable {
    case browsing
    case renaming(id: String, field: TextEntry)
    case confirmingDelete(id: String)
  }

  private(set) var speakers: [PairedSpeaker] = []
  private var marks = RowMarks()
  private var selection = Selection()
  private var mode = Mode.browsing
  private var message: LocalizedText?

  /// An empty home, before the store has answered.
  init() {}

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .loaded(let all):
      replace(with: all)
    case .changed(let saved, let deleted):
      let changed = Set(saved.map(\.id)).union(deleted)
      let kept = speakers.filter { !changed.contains($0.id) }
      replace(with: (kept + saved).sorted(by: PairedSpeaker.byNickname))
    case .select(let key):
      let wanted = key.lowercased()
      guard
        let speaker = speakers.first(where: { $0.id == key })
          ?? speakers.first(where: { $0.nickname.lowercased() == wanted })
      else {
        message = .homeNoSuchSpeaker(key)
        return []
      }
      mode = .browsing
      selection.select(speaker.id)
      message = nil
    case .moveSelection(let offset):
      guard mode == .browsing else { return [] }
      selection.move(by: offset, in: speakers)
      message = nil
    case .rename:
      guard mode == .browsing else { return [] }
      guard let speaker = selected else { return noSpeaker() }
      mode = .renaming(
        id: speaker.id,
        field: TextEntry(.homeNickname, limit: PairingState.nicknameLimit, text: speaker.nickname))
      message = nil
    case .delete:
      guard mode == .browsing else { return [] }
      guard let speaker = selected else { return noSpeaker() }
      mode = .confirmingDelete(id: speaker.id)
      message = nil
    case .confirmDelete(let yes):
      guard case .confirmingDelete(let id) = mode else { return [] }
      mode = .browsing
      return yes ? [.delete(address: id)] : []
    case .typed(let text):
      guard case .renaming(let id, var field) = mode else { return [] }
      message = field.type(text)?.text
      mode = .renaming(id: id, field: field)
    case .deleteBackward:
      guard case .renaming(let id, var field) = mode else { return [] }
      field.deleteBackward()
      mode = .renaming(id: id, field: field)
      message = nil
    case .submit:
      guard case .renaming(let id, let field) = mode else { return [] }
      switch field.validated() {
      case .failure(let problem):
        message = problem.text
      case .success(let nickname):
        mode = .browsing
        message = nil
        return [.rename(address: id, nickname: nickname)]
      }
    case .cancel:
      mode = .browsing
      message = nil
    case .pairNew:
      guard mode == .browsing else { return [] }
      message = nil
      return [.pairNew]
    case .writeFailed(let problem):
      message = problem
    }
    return []
  }

  private var selected: PairedSpeaker? { selection.row(in: speakers) }

  /// Takes in the speakers as stored now: marks what changed, keeps the selection on its row,
  /// and ends a rename or delete whose speaker is gone.
  private mutating func replace(with new: [PairedSpeaker]) {
    marks = RowMarks(from: speakers, to: new)
    selection.follow(from: speakers, to: new)
    speakers = new
    switch mode {
    case .renaming(let id, _), .confirmingDelete(let id):
      if !new.contains(where: { $0.id == id }) {
        mode = .browsing
        message = .homeDeletedMeanwhile
      }
    case .browsing: break
    }
  }

  private mutating func noSpeaker() -> [Command] {
    message = .homeNoSpeakerYet
    return []
  }

  /// What the screen shows now.
  var viewModel: ViewModel {
    let shownMode: ViewModel.Mode
    switch mode {
    case .browsing:
      shownMode = .browsing
    case .renaming(let id, let field):
      let model = speakers.first { $0.id == id }?.model ?? ""
      shownMode = .renaming(model: model, nickname: field.display)
    case .confirmingDelete(let id):
      shownMode = .confirmingDelete(nickname: speakers.first { $0.id == id }?.nickname ?? "")
    }
    return ViewModel(
      rows: speakers.enumerated().map { index, speaker in
        ViewModel.Row(
          id: speaker.id, nickname: speaker.nickname, model: speaker.model,
          isSelected: speaker.id == selection.id, mark: marks[index])
      },
      changes: marks.summary, mode: shownMode, message: message)
  }
}
