/// An alert or a confirmation dialog as a value: a title, a message and buttons, each with the
/// action it stands for.
///
/// A parent keeps a prompt in its optional destination (`case alert(Prompt<AlertAction>)`)
/// and tests compare it with `==`, buttons and actions included. A prompt is a small
/// `ShellState` of its own (when `Action` is `Equatable`): the platform sends
/// ``PromptEvent/tapped(_:)`` with the button's index in `buttons` (0 is the first; the
/// index, not the label or the action, since two buttons may share either), or
/// ``PromptEvent/dismissed`` when
/// the user closes it another way, and the prompt answers with exactly one command: the chosen
/// button's action, or `nil` for a button without one. The parent reacts to it, and closes the
/// prompt whatever it was.
///
/// ```swift
/// destination = .alert(Prompt(title: "Delete this meeting?", buttons: [
///   .destructive("Delete", action: .confirmDelete),
///   .cancel("Keep"),
/// ]))
/// // when the user taps:
/// case .destination(let event):
///   handle(event, in: \.destination) { app, choice in
///     app.destination = nil  // a prompt closes after any answer
///     switch choice { case .alert(.confirmDelete): ...; case .alert(nil): [] }
///   }
/// ```
public struct Prompt<Action: Sendable>: Sendable {
  /// How the platform shows a prompt.
  public enum Style: Hashable, Sendable {
    /// An alert in the middle of the screen.
    case alert
    /// A confirmation dialog (an action sheet), attached to what the user touched.
    case confirmationDialog
  }

  /// How it is shown.
  public var style: Style
  /// The title, in words the user reads.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in the order they are shown.
  public var buttons: [PromptButton<Action>]

  /// A prompt; with no buttons given, it has one: "OK", with no action.
  public init(
    _ style: Style = .alert, title: String, message: String? = nil,
    buttons: [PromptButton<Action>] = [.cancel("OK")]
  ) {
    self.style = style
    self.title = title
    self.message = message
    self.buttons = buttons
  }

  /// The action the user chose by tapping the button at `position` (0 is the first), or `nil`
  /// for a button without an action or a position that is not a button.
  public func action(at position: Int) -> Action? {
    buttons.indices.contains(position) ? buttons[position].action : nil
  }

  /// The action of closing the prompt without a button (a tap outside a dialog, Escape): the
  /// cancel button's, as platforms do, or `nil`.
  public var dismissAction: Action? {
    buttons.first { $0.role == .cancel }?.action
  }
}

/// One button of a ``Prompt``: its label, its role and the action it stands for.
public struct PromptButton<Action: Sendable>: Sendable {
  /// What a button means to the platform, which places and colours it accordingly.
  public enum Role: Hashable, Sendable {
    /// Closes the prompt without doing anything; closing it another way counts as this.
    case cancel
    /// Destroys something: shown in red.
    case destructive
  }

  /// The label, in words the user reads.
  public var label: String
  /// The role, or `nil` for an ordinary button.
  public var role: Role?
  /// What tapping it means for the parent, or `nil` for a button that only closes the prompt.
  public var action: Action?

  /// A button labelled `label`.
  public init(_ label: String, role: Role? = nil, action: Action? = nil) {
    self.label = label
    self.role = role
    self.action = action
  }

  /// A cancel button.
  public static func cancel(_ label: String, action: Action? = nil) -> Self {
    Self(label, role: .cancel, action: action)
  }

  /// A destructive button.
  public static func destructive(_ label: String, action: Action? = nil) -> Self {
    Self(label, role: .destructive, action: action)
  }
}

/// What the user did with a ``Prompt``: the events a platform's alert sends.
public enum PromptEvent: Hashable, Sendable {
  /// Tapped the button at this index in the prompt's `buttons` (0 is the first): what a
  /// platform's alert knows of the button it shows. An index the prompt has no button at
  /// answers `nil`, as a button without an action does.
  case tapped(Int)
  /// Closed it without a button.
  case dismissed
}

extension Prompt: ShellState where Action: Equatable {
  /// What the user did.
  public typealias Event = PromptEvent
  /// The action the user chose, or `nil` for a button without one: the prompt's one result,
  /// for its parent, which closes the prompt on it.
  public typealias Command = Action?

  /// The prompt shows itself.
  public var viewModel: Prompt { self }

  /// Answers a tap with the button's action and a dismissal with the cancel button's: always
  /// one command, `nil` when the button has no action, so the parent always hears that the
  /// prompt was answered.
  public mutating func handle(_ event: PromptEvent) -> [Action?] {
    switch event {
    case .tapped(let position): [action(at: position)]
    case .dismissed: [dismissAction]
    }
  }
}

extension Prompt: Equatable where Action: Equatable {}
extension Prompt: Hashable where Action: Hashable {}
extension PromptButton: Equatable where Action: Equatable {}
extension PromptButton: Hashable where Action: Hashable {}

/// A prompt can be a destination of any screens (``AnyScreen``) beside the app's own.
extension Prompt: ScreenState where Action: Equatable {}
