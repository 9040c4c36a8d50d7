import Yaia
import YaiaFlow
import YaiaResources
import YaiaSequencer

/// Draws the app's view model as text, a whole screen at a time: the terminal is the app's
/// only view. With `ansi`, it adds bold, colour and reverse video for a terminal; without, it
/// is plain text for a pipe, a log or a test.
struct ScreenText: Sendable {
  /// Whether to use ANSI styling.
  var ansi: Bool
  /// The catalog every text comes from.
  var catalog = DemoTexts.catalog
  /// The language texts are drawn in: the model's, set by ``lines(for:top:breadcrumb:)``.
  private var language = "en"

  /// A terminal drawing with ANSI styling or without, texts from `catalog`.
  init(ansi: Bool, catalog: StringCatalog = DemoTexts.catalog) {
    self.ansi = ansi
    self.catalog = catalog
  }

  /// `text` in the language drawn, shown by the terminal rule (``VisibleText``).
  func t(_ text: LocalizedText) -> String {
    VisibleText.escaped(catalog.render(text, language: language))
  }

  /// The screen for `model`, as lines: the screen of `top`, the route the navigator shows,
  /// under the navigator's `breadcrumb`.
  func lines(for model: DemoAppState.ViewModel, top: DemoRoute?, breadcrumb: String) -> [String] {
    var drawing = self
    drawing.language = model.language
    return drawing.draw(model, top: top, breadcrumb: breadcrumb)
  }

  private func draw(_ model: DemoAppState.ViewModel, top: DemoRoute?, breadcrumb: String)
    -> [String]
  {
    var lines = [bold(t(model.title)), dim(v(breadcrumb))]
    lines += model.status.map { "  " + t($0) }
    lines.append("")
    switch top.flatMap({ model.screens[$0] }) {
    case nil:
      lines.append("…")
    case .launch(let progress):
      lines += launch(progress)
    case .update(let reason, let progress):
      lines += [bold(t(.screenUpdate)), t(reason), t(.updateGetNew), ""]
      lines += launch(progress) + ["", dim(t(.hintQuit))]
    case .pushed(let screen):
      lines += pushed(screen)
    case .home(let home):
      lines += self.home(home.speakers, launch: home.launch.report)
    case .push(let message):
      lines += [bold(t(.pushHeading)), "  " + v(message), "", dim(t(.hintEnterCloses))]
    case .linkPrompt(let prompt):
      lines += [
        bold(t(.screenOpenLink)), field(t(.linkField), v(prompt.link), focused: true),
        dim("  " + t(.linkExamples)),
      ]
      if let problem = prompt.message { lines.append(yellow("! " + t(problem))) }
      lines += ["", dim(t(.linkHint))]
    }
    if let problem = model.linkProblem { lines += ["", red("✗ " + t(Self.text(of: problem)))] }
    if let message = model.message { lines += ["", yellow("! " + t(message))] }
    return lines
  }

  /// The lines of a pushed screen, drawn by the screen itself (``DemoScreen/draw(_:with:)``).
  private func pushed(_ screen: ScreenViewModel) -> [String] {
    guard let type = screen.screen as? any DemoScreen.Type else {
      // Unreachable through DemoAppState.push(_:), which takes only a DemoScreen; said, not
      // drawn blank, if a screen ever gets on the stack another way.
      return [red("✗ \(screen.screen) cannot be drawn: it is not a DemoScreen")]
    }
    func draw<Screen: DemoScreen>(_: Screen.Type) -> [String] {
      screen.as(Screen.self).map { Screen.draw($0, with: self) } ?? []
    }
    return draw(type)
  }

  /// The screen for `model` as one string ending in a newline (see ``lines(for:top:breadcrumb:)``).
  func text(for model: DemoAppState.ViewModel, top: DemoRoute?, breadcrumb: String) -> String {
    lines(for: model, top: top, breadcrumb: breadcrumb).joined(separator: "\n") + "\n"
  }

  private func launch(_ progress: LaunchProgress) -> [String] {
    var lines: [String] = []
    if let splash = progress.splash {
      lines +=
        DemoSplash.lines(
          splash, title: t(.splashTitle), subtitle: t(.splashSubtitle), ansi: ansi) + [""]
    }
    lines.append(bold(t(.launchHeading)))
    for line in progress.lines {
      let symbol: String
      let detail: String
      switch line.status {
      case .pending: (symbol, detail) = ("·", t(.launchNotStarted))
      case .running: (symbol, detail) = ("…", t(.launchRunning))
      case .waitingForUser:
        (symbol, detail) = ("?", t(.launchWaiting(Self.prompt(of: line.step))))
      case .finished: (symbol, detail) = (green("✓"), t(.launchDone))
      case .stopped(let why): (symbol, detail) = (red("✗"), t(why))
      }
      // Each number says what it is: when the step started, counted from the launch's start,
      // and how long it took.
      let start = line.started.map { t(.launchStartedAt(DurationText.format($0))) } ?? ""
      let took = line.duration.map { t(.launchTook(DurationText.format($0))) } ?? ""
      lines.append(
        "  \(symbol) \(pad(t(line.step.title), 18)) \(detail)\(start)\(took)")
    }
    if let report = progress.report { lines += ["", t(headline(report))] }
    return lines
  }

  /// `Launch completed in 612 ms (budget 3 s)`, or how it ended otherwise.
  private func headline(_ report: LaunchReport<DemoStep>) -> LocalizedText {
    let outcome: LocalizedText
    switch report.outcome {
    case .completed: outcome = .launchCompleted
    case .failed(let steps):
      outcome = .launchFailed(steps.map { t($0.title) }.joined(separator: ", "))
    case .aborted(let step, let reason): outcome = .launchAborted(step.title, reason)
    case .cancelled: outcome = .launchCancelled
    }
    let (time, budget) = (
      DurationText.format(report.launchTime), DurationText.format(report.budget)
    )
    return report.budgetOverrun != nil
      ? .launchHeadlineOverBudget(outcome, time, budget) : .launchHeadline(outcome, time, budget)
  }

  /// What a step waiting for the user asks of them.
  static func prompt(of step: DemoStep) -> LocalizedText {
    switch step {
    case .fetchConfiguration: .promptFetchConfiguration
    case .login: .promptLogin
    case .tutorial: .promptTutorial
    case .connectSpeaker: .promptConnectSpeaker
    case .presentSplash, .forceUpdate, .presentPush: step.title
    }
  }

  /// Why a link opened nothing, in the user's language.
  static func text(of problem: DeepLinkError) -> LocalizedText {
    switch problem {
    case .wrongScheme(let link, let expected):
      .linkWrongScheme(DeepLinkError.shown(link), DeepLinkError.shown(expected))
    case .unknownLink(let link): .linkUnknown(DeepLinkError.shown(link))
    case .malformed(let link, let reason):
      .linkMalformed(DeepLinkError.shown(link), DemoLinks.reason(reason))
    }
  }

  private func home(_ home: SpeakerListState.ViewModel, launch: LaunchReport<DemoStep>?)
    -> [String]
  {
    var lines: [String] = []
    if let launch {
      lines.append(t(headline(launch)))
      let steps = launch.spans.map { step in
        "\(t(step.step.title)) \(step.duration.map(DurationText.format) ?? "–")\(step.needsUserInput ? "*" : "")"
      }
      lines += wrapped(steps + [t(.launchNotCounted)], width: 76).map {
        dim("  " + $0)
      }
      lines.append("")
    }
    lines.append(bold(t(.homeHeading)))
    if home.rows.isEmpty { lines.append("  " + t(.homeNone)) }
    for row in home.rows {
      lines.append(
        self.row(
          "\(pad(v(row.nickname), 20)) \(v(row.model))", selected: row.isSelected, mark: row.mark))
    }
    if let changes = home.changes { lines.append(dim("  " + t(changes))) }
    lines.append("")
    switch home.mode {
    case .browsing:
      lines.append(dim(t(.homeHint)))
    case .renaming(let model, let nickname):
      lines.append(field(t(.homeNewNicknameFor(model)), v(nickname), focused: true))
      lines.append(dim(t(.homeHintRenaming)))
    case .confirmingDelete(let nickname):
      lines.append(yellow(t(.homeConfirmDelete(nickname))))
    }
    if let message = home.message { lines.append(yellow("! " + t(message))) }
    return lines
  }

  /// Text from the model, shown by the one terminal rule (``VisibleText``): whatever a server
  /// or a user put in it, the terminal shows it and acts on none of it.
  func v(_ text: String) -> String { VisibleText.escaped(text) }

  func row(_ text: String, selected: Bool, mark: RowMark? = nil) -> String {
    let markText = mark.map { markColor($0, $0.rawValue) } ?? " "
    let line = "\(selected ? "›" : " ")\(markText) "
    return line + (ansi && selected ? "\u{1B}[7m\(text)\u{1B}[0m" : text)
  }

  func field(_ label: String, _ value: String, focused: Bool) -> String {
    "  \(label): [\(value)\(focused ? "▏" : "")]"
  }

  /// `items` joined by ` · `, in lines of at most `width` characters where possible.
  private func wrapped(_ items: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for item in items {
      if line.isEmpty {
        line = item
      } else if line.count + 3 + item.count <= width {
        line += " · " + item
      } else {
        lines.append(line)
        line = item
      }
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }

  func bars(_ signal: Int) -> String {
    let level = min(5, max(0, (signal + 95) / 13))
    return String(repeating: "▮", count: level) + String(repeating: "▯", count: 5 - level)
  }

  func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  private func style(_ code: String, _ text: String) -> String {
    ansi ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
  // Roles of DemoStyle, never codes: the look is decided there, in values a test reads.
  func bold(_ text: String) -> String { styled(.heading, text) }
  func dim(_ text: String) -> String { styled(.hint, text) }
  func red(_ text: String) -> String { style(DemoStyle.ansi(.problem), text) }
  func green(_ text: String) -> String { style(DemoStyle.ansi(.success), text) }
  func yellow(_ text: String) -> String { style(DemoStyle.ansi(.warning), text) }
  private func styled(_ role: DemoStyle.TextRole, _ text: String) -> String {
    DemoStyle.ansi(role).map { style($0, text) } ?? text
  }
  private func markColor(_ mark: RowMark, _ text: String) -> String {
    switch mark {
    case .inserted: green(text)
    case .moved: style(DemoStyle.ansi(.moved), text)
    case .updated, .movedAndUpdated: yellow(text)
    }
  }
}
