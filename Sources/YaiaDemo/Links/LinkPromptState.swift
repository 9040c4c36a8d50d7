import Yaia
import YaiaFlow
import YaiaResources

/// The prompt where a link is typed while the app runs (the warm path of deep links): a
/// text field whose Enter opens the link. A flow of one screen: its only command is its
/// result, the link, handed to the parent with ``FlowCommand/finish(_:)``.
struct LinkPromptState: ShellState {
  /// What the user does in the prompt.
  enum Event: Codable, Equatable, Sendable {
    /// Text typed.
    case typed(String)
    /// Backspace.
    case deleteBackward
    /// Open the link.
    case submit
  }

  /// What the prompt asks of its parent: to finish with the link typed.
  typealias Command = FlowCommand<DemoRoute, String>

  /// What the prompt shows.
  struct ViewModel: Equatable, Sendable {
    /// The link typed so far.
    var link: String
    /// A problem with what was typed.
    var message: LocalizedText?
  }

  private var field = TextEntry(.linkField, limit: DemoLinks.maxLength)
  private var message: LocalizedText?

  /// Handles one event.
  mutating func handle(_ event: Event) -> [Command] {
    switch event {
    case .typed(let text):
      message = field.type(text)?.text
    case .deleteBackward:
      field.deleteBackward()
      message = nil
    case .submit:
      switch field.validated() {
      case .failure(let problem): message = problem.text
      case .success(let link): return [.finish(link)]
      }
    }
    return []
  }

  /// What the prompt shows now.
  var viewModel: ViewModel { ViewModel(link: field.display, message: message) }
}
