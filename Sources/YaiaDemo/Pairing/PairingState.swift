import Yaia
import YaiaResources

/// The pairing screen (the seed's Bluetooth pairing assistant): the speakers the radio hears,
/// strongest first, kept current as they appear, change signal and vanish; pick one, name it,
/// and it is saved.
struct PairingState: DemoScreen {
  /// What can happen on the pairing screen.
  enum Event: Codable, Equatable, Sendable {
    /// The radio heard something.
    case radio(RadioChange)
    /// The speakers already paired, address → nickname (from the store).
    case paired([String: String])
    /// Move the selection up (-1) or down (+1).
    case moveSelection(by: Int)
    /// Pick the selected speaker: ask for its nickname.
    case pick
    /// Text typed into the nickname.
    case typed(String)
    /// Backspace in the nickname.
    case deleteBackward
    /// Save the nickname.
    case submit
    /// Leave the nickname, or leave pairing without pairing.
    case cancel
    /// The store saved the speaker, or could not (the message says why).
    case saved(Reply<String, SaveError>)
  }

  /// Why saving failed, for the screen.
  struct SaveError: Error, Codable, Hashable, Sendable {
    /// What went wrong.
    var message: String

    /// A failure saying `message`.
    init(_ message: String) {
      self.message = message
    }
  }

  /// What the pairing screen asks of its shell and its parent.
  enum Command: Equatable, Sendable {
    /// Save this speaker under this nickname (and make it the one to reconnect).
    case save(address: String, model: String, nickname: String)
    /// Pairing is over: the address of the speaker paired, or `nil` if the user left.
    case finished(pairedAddress: String?)
  }

  /// What the pairing screen shows.
  struct ViewModel: Equatable, Sendable {
    /// One speaker in range.
    struct Row: Equatable, Sendable, Identifiable {
      /// Its address.
      var id: String
      /// Its model.
      var model: String
      /// Its signal in dBm.
      var signal: Int
      /// The nickname, if it is already paired.
      var pairedAs: String?
      /// Whether it is selected.
      var isSelected: Bool
      /// How it changed in the last update.
      var mark: RowMark?
    }

    /// The speakers in range, strongest first.
    var rows: [Row]
    /// The last update's changes, summed up.
    var changes: LocalizedText?
    /// While naming: the model being named and the nickname typed so far.
    var naming: Naming?
    /// A problem to show: bad input, a failed save.
    var message: LocalizedText?
    /// Whether a save is under way.
    var isSaving: Bool
  }

  /// The nickname being typed for a speaker.
  struct Naming: Equatable, Sendable {
    /// The model being named.
    var model: String
    /// The nickname so far.
    var nickname: String

  }

  /// The longest nickname.
  static let nicknameLimit = 32

  private(set) var speakers: [Broadcast] = []
  private(set) var marks = RowMarks()
  private var paired: [String: String] = [:]
  private var selection = Selection()
  /// Whether the user moved the selection: until then it stays on the top row, the strongest
  /// speaker, as speakers appear above the one first heard.
  private var userMovedSelection = false
  private var naming: NamingDraft?

  /// The speaker being named and the nickname typed so far.
  private struct NamingDraft: Equatable, Sendable {
    var speaker: Broadcast
    var field: TextEntry
  }
  private var message: LocalizedText?
  private var isSaving = false

  /// An empty list: the radio has heard nothing yet.
  init() {}

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .radio(let change):
      apply(change)
    case .paired(let paired):
      self.paired = paired
    case .moveSelection(let offset):
      guard naming == nil else { return [] }
      selection.move(by: offset, in: speakers)
      userMovedSelection = true
      message = nil
    case .pick:
      guard naming == nil else { return [] }
      guard let speaker = selection.row(in: speakers) else {
        message = .pairingNoneSelected
        return []
      }
      if let nickname = paired[speaker.id] {
        message = .pairingAlreadyPaired(speaker.model, nickname)
        return []
      }
      naming = NamingDraft(
        speaker: speaker, field: TextEntry(.homeNickname, limit: Self.nicknameLimit))
      message = nil
    case .typed(let text):
      guard var current = naming, !isSaving else { return [] }
      message = current.field.type(text)?.text
      naming = current
    case .deleteBackward:
      guard var current = naming, !isSaving else { return [] }
      current.field.deleteBackward()
      naming = current
      message = nil
    case .submit:
      guard let current = naming, !isSaving else { return [] }
      switch current.field.validated() {
      case .failure(let problem):
        message = problem.text
      case .success(let nickname):
        isSaving = true
        message = nil
        return [
          .save(address: current.speaker.id, model: current.speaker.model, nickname: nickname)
        ]
      }
    case .cancel:
      guard !isSaving else { return [] }
      if naming != nil {
        naming = nil
        message = nil
      } else {
        return [.finished(pairedAddress: nil)]
      }
    case .saved(.success(let address)):
      isSaving = false
      naming = nil
      return [.finished(pairedAddress: address)]
    case .saved(.failure(let failure)):
      isSaving = false
      message = .pairingNotSaved(failure.message)
    }
    return []
  }

  private mutating func apply(_ change: RadioChange) {
    var new = speakers
    switch change {
    case .appeared(let broadcast):
      new.removeAll { $0.id == broadcast.id }
      new.append(broadcast)
    case .signal(let id, let dBm):
      guard let index = new.firstIndex(where: { $0.id == id }) else { return }
      new[index].signal = dBm
    case .vanished(let id):
      guard let index = new.firstIndex(where: { $0.id == id }) else { return }
      new.remove(at: index)
    }
    new.sort { ($0.signal, $1.id) > ($1.signal, $0.id) }
    if userMovedSelection {
      selection.follow(from: speakers, to: new)
    } else if let top = new.first {
      selection.select(top.id)
    } else {
      selection.follow(from: speakers, to: new)
    }
    marks = RowMarks(from: speakers, to: new)
    speakers = new
  }

  /// What the screen shows now.
  var viewModel: ViewModel {
    ViewModel(
      rows: speakers.enumerated().map { index, speaker in
        ViewModel.Row(
          id: speaker.id, model: speaker.model, signal: speaker.signal,
          pairedAs: paired[speaker.id], isSelected: speaker.id == selection.id, mark: marks[index])
      },
      changes: marks.summary,
      naming: naming.map { Naming(model: $0.speaker.model, nickname: $0.field.display) },
      message: message, isSaving: isSaving)
  }
}

extension PairingState {
  /// `Pair a speaker`, in the breadcrumb.
  var title: LocalizedText { .screenPairing }
}
