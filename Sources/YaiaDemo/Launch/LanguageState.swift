import Yaia
import YaiaResources

/// The first run's language question (the configuration step asks it), or the language setting
/// a deep link opens: the languages the configuration offers, the suggested one selected.
struct LanguageState: DemoScreen {
  /// What can happen on the language screen.
  enum Event: Codable, Equatable, Sendable {
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
    /// Whether it is the setting (it can go back) rather than the launch's question.
    var isSetting: Bool
  }

  private let languages: [String]
  private var selected: Int
  /// Whether it is the setting rather than the launch's question.
  let isSetting: Bool

  /// The choice among `languages` (never empty: the suggested one is always offered),
  /// `suggested` selected; the setting when `isSetting`, else the launch's question. A
  /// language the server lists twice is offered once: two rows would share one id.
  init(languages: [String], suggested: String, isSetting: Bool = false) {
    var seen: Set<String> = []
    let listed = languages.filter { seen.insert($0).inserted }
    let offered = listed.contains(suggested) ? listed : [suggested] + listed
    self.isSetting = isSetting
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
  var viewModel: ViewModel {
    ViewModel(languages: languages, selected: selected, isSetting: isSetting)
  }

  /// `Language`, or `Language setting`.
  var title: LocalizedText { isSetting ? .screenLanguageSetting : .screenLanguage }

  /// The name of the language `code` as the app shows it: `German (de)`, or the code itself
  /// for a language the catalog has no name for (one the server offers that the app does not
  /// speak).
  static func name(of code: String) -> LocalizedText {
    switch code {
    case "en": .languageEn
    case "de": .languageDe
    default: .verbatim(code)
    }
  }
}
