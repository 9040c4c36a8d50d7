import Yaia

/// The first run's language question (the configuration step asks it): the languages the
/// configuration offers, the suggested one selected.
struct LanguageState: ShellState {
  /// What can happen on the language screen.
  enum Event: Equatable, Sendable {
    /// Move the selection up (-1) or down (+1).
    case moveSelection(by: Int)
    /// Take the selected language.
    case confirm
  }

  /// What the language screen asks of its parent.
  enum Command: Equatable, Sendable {
    /// The user chose this language.
    case chosen(String)
  }

  /// What the screen shows.
  struct ViewModel: Equatable, Sendable {
    /// The languages.
    var languages: [String]
    /// The selected one's index.
    var selected: Int
  }

  private let languages: [String]
  private var selected: Int

  /// The choice among `languages` (never empty: the suggested one is always offered),
  /// `suggested` selected.
  init(languages: [String], suggested: String) {
    let offered = languages.contains(suggested) ? languages : [suggested] + languages
    self.languages = offered
    selected = offered.firstIndex(of: suggested) ?? 0
  }

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .moveSelection(let offset):
      selected = min(max(selected + offset, 0), languages.count - 1)
      return []
    case .confirm:
      return [.chosen(languages[selected])]
    }
  }

  /// What the screen shows now.
  var viewModel: ViewModel { ViewModel(languages: languages, selected: selected) }
}
